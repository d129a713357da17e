describe('deepClone', () => {
  it('returns primitives as they are', () => {
    expect(deepClone(42)).to.equal(42);
    expect(deepClone('text')).to.equal('text');
    expect(deepClone(null)).to.equal(null);
    expect(deepClone(undefined)).to.equal(undefined);
  });

  it('copies nested objects and arrays', () => {
    const original = { a: 1, list: [1, { b: 2 }], nested: { deep: { c: [3] } } };
    const copy = deepClone(original);
    expect(copy).to.deep.equal(original);
    expect(copy).to.not.equal(original);
    copy.list[1].b = 99;
    copy.nested.deep.c.push(4);
    expect(original.list[1].b).to.equal(2);
    expect(original.nested.deep.c).to.deep.equal([3]);
  });

  it('copies dates and regular expressions', () => {
    const date = new Date(2020, 0, 1);
    const pattern = /ab+c/gi;
    pattern.lastIndex = 3;
    const copy = deepClone({ date, pattern });
    expect(copy.date).to.be.instanceOf(Date);
    expect(copy.date).to.not.equal(date);
    expect(copy.date.getTime()).to.equal(date.getTime());
    expect(copy.pattern).to.not.equal(pattern);
    expect(copy.pattern.source).to.equal('ab+c');
    expect(copy.pattern.flags).to.equal('gi');
    expect(copy.pattern.lastIndex).to.equal(3);
  });

  it('copies maps and sets with their contents', () => {
    const key = { id: 1 };
    const original = { map: new Map([[key, { value: 'v' }]]), set: new Set([{ x: 1 }]) };
    const copy = deepClone(original);
    expect(copy.map).to.be.instanceOf(Map);
    expect(copy.map).to.not.equal(original.map);
    const [[copiedKey, copiedValue]] = [...copy.map];
    expect(copiedKey).to.deep.equal({ id: 1 });
    expect(copiedKey).to.not.equal(key);
    expect(copiedValue).to.deep.equal({ value: 'v' });
    const [item] = [...copy.set];
    expect(item).to.deep.equal({ x: 1 });
    expect(item).to.not.equal([...original.set][0]);
  });

  it('keeps cycles as cycles', () => {
    const node = { name: 'root', children: [] };
    node.self = node;
    node.children.push({ parent: node });
    const copy = deepClone(node);
    expect(copy.self).to.equal(copy);
    expect(copy.children[0].parent).to.equal(copy);
    expect(copy).to.not.equal(node);
  });

  it('keeps shared references shared', () => {
    const shared = { count: 1 };
    const copy = deepClone({ first: shared, second: shared });
    expect(copy.first).to.equal(copy.second);
    expect(copy.first).to.not.equal(shared);
  });

  it('keeps the prototype of class instances', () => {
    class Point {
      constructor(x, y) {
        this.x = x;
        this.y = y;
      }
      length() {
        return Math.hypot(this.x, this.y);
      }
    }
    const copy = deepClone({ p: new Point(3, 4) });
    expect(copy.p).to.be.instanceOf(Point);
    expect(copy.p.length()).to.equal(5);
  });

  it('copies symbol keys and shares functions', () => {
    const tag = Symbol('tag');
    const greet = () => 'hi';
    const copy = deepClone({ [tag]: { v: 1 }, greet });
    expect(copy[tag]).to.deep.equal({ v: 1 });
    expect(copy.greet).to.equal(greet);
  });
});
