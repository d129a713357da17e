describe('createStarRating', () => {
  let container;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => container.remove());

  const stars = () => [...container.querySelectorAll('.star-rating__star')];
  const checked = () => stars().map((star) => star.getAttribute('aria-checked'));
  const key = (element, name) =>
    element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));

  it('renders a labelled radio group of buttons', () => {
    createStarRating(container, { max: 5 });
    expect(container.getAttribute('role')).to.equal('radiogroup');
    expect(container.getAttribute('aria-label')).to.equal('Rating');
    expect(stars()).to.have.length(5);
    expect(
      stars().every((star) => star.tagName === 'BUTTON' && star.getAttribute('role') === 'radio'),
    ).to.equal(true);
    expect(stars().map((star) => star.getAttribute('aria-label'))).to.deep.equal([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
  });

  it('marks the initial value as checked and fills the stars up to it', () => {
    const rating = createStarRating(container, { value: 3 });
    expect(rating.getValue()).to.equal(3);
    expect(checked()).to.deep.equal(['false', 'false', 'true', 'false', 'false']);
    expect(stars().map((star) => star.classList.contains('is-filled'))).to.deep.equal([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('keeps exactly one star in the tab order', () => {
    const rating = createStarRating(container, { value: 0 });
    expect(stars().map((star) => star.tabIndex)).to.deep.equal([0, -1, -1, -1, -1]);
    rating.setValue(4);
    expect(stars().map((star) => star.tabIndex)).to.deep.equal([-1, -1, -1, 0, -1]);
  });

  it('sets the value on click and reports it', () => {
    const changes = [];
    const rating = createStarRating(container, { onChange: (v) => changes.push(v) });
    stars()[3].click();
    expect(rating.getValue()).to.equal(4);
    expect(checked()[3]).to.equal('true');
    expect(changes).to.deep.equal([4]);
  });

  it('clears the rating when the checked star is clicked again', () => {
    const rating = createStarRating(container, { value: 2 });
    stars()[1].click();
    expect(rating.getValue()).to.equal(0);
    expect(checked()).to.deep.equal(['false', 'false', 'false', 'false', 'false']);
  });

  it('moves with the arrow keys within 1..max and focuses the checked star', () => {
    const rating = createStarRating(container, { value: 4 });
    stars()[3].focus();
    key(stars()[3], 'ArrowRight');
    expect(rating.getValue()).to.equal(5);
    key(stars()[4], 'ArrowRight');
    expect(rating.getValue()).to.equal(5);
    key(stars()[4], 'ArrowLeft');
    key(stars()[3], 'ArrowDown');
    expect(rating.getValue()).to.equal(3);
    expect(document.activeElement).to.equal(stars()[2]);
  });

  it('goes to the ends with Home and End and prevents scrolling', () => {
    const rating = createStarRating(container, { value: 3 });
    const event = new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true });
    stars()[2].dispatchEvent(event);
    expect(rating.getValue()).to.equal(5);
    expect(event.defaultPrevented).to.equal(true);
    key(stars()[4], 'Home');
    expect(rating.getValue()).to.equal(1);
  });

  it('clamps setValue and does not call onChange for it', () => {
    let calls = 0;
    const rating = createStarRating(container, { max: 3, onChange: () => calls++ });
    rating.setValue(9);
    expect(rating.getValue()).to.equal(3);
    rating.setValue(-2);
    expect(rating.getValue()).to.equal(0);
    expect(calls).to.equal(0);
  });
});
