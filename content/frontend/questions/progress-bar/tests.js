describe('createProgressBar', () => {
  let container;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => container.remove());

  const fill = (bar) => bar.element.querySelector('.progress__fill');

  it('renders a labelled progressbar into the container', () => {
    const bar = createProgressBar(container, { label: 'Upload' });
    expect(bar.element.parentElement).to.equal(container);
    expect(bar.element.classList.contains('progress')).to.equal(true);
    expect(bar.element.getAttribute('role')).to.equal('progressbar');
    expect(bar.element.getAttribute('aria-label')).to.equal('Upload');
    expect(bar.element.getAttribute('aria-valuemin')).to.equal('0');
    expect(bar.element.getAttribute('aria-valuemax')).to.equal('100');
  });

  it('shows the initial value', () => {
    const bar = createProgressBar(container, { label: 'Upload', value: 42 });
    expect(bar.getValue()).to.equal(42);
    expect(bar.element.getAttribute('aria-valuenow')).to.equal('42');
    expect(fill(bar).style.width).to.equal('42%');
  });

  it('converts the value to a percentage of max', () => {
    const bar = createProgressBar(container, { label: 'Upload', max: 200 });
    bar.setValue(50);
    expect(fill(bar).style.width).to.equal('25%');
    expect(bar.element.getAttribute('aria-valuenow')).to.equal('50');
    expect(bar.element.getAttribute('aria-valuetext')).to.equal('25%');
  });

  it('rounds the percentage to one decimal', () => {
    const bar = createProgressBar(container, { label: 'Steps', max: 3, value: 1 });
    expect(fill(bar).style.width).to.equal('33.3%');
    expect(bar.element.getAttribute('aria-valuetext')).to.equal('33.3%');
  });

  it('clamps values and treats non-numbers as 0', () => {
    const bar = createProgressBar(container, { label: 'Upload' });
    bar.setValue(150);
    expect(bar.getValue()).to.equal(100);
    expect(fill(bar).style.width).to.equal('100%');
    bar.setValue(-5);
    expect(bar.getValue()).to.equal(0);
    bar.setValue(NaN);
    expect(bar.getValue()).to.equal(0);
    bar.setValue('50');
    expect(bar.getValue()).to.equal(0);
  });

  it('marks completion and removes the mark when the value drops', () => {
    const bar = createProgressBar(container, { label: 'Upload', max: 10 });
    bar.setValue(10);
    expect(bar.element.classList.contains('progress--complete')).to.equal(true);
    bar.setValue(9);
    expect(bar.element.classList.contains('progress--complete')).to.equal(false);
  });

  it('rejects a max that is not positive', () => {
    expect(() => createProgressBar(container, { label: 'x', max: 0 })).to.throw(RangeError);
  });
});
