import { compareVersions, evaluateUiVersion } from './ui-version';

describe('compareVersions', () => {
  it.each([
    ['1.10.0', '1.9.2', 1],
    ['1.9.2', '1.10.0', -1],
    ['1.2', '1.2.0', 0],
    ['2026.11.21', '2026.11.3', 1],
    ['1.0.0-beta', '1.0.0-alpha', 1],
    [' 3.0 ', '3.0', 0],
  ])('%s against %s is %i', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
  });
});

describe('evaluateUiVersion', () => {
  const bounds = { minimumSupported: '1.4.0', minimumRecommended: '1.6.0' };
  it.each([
    ['1.3.9', 'unsupported'],
    ['1.4.0', 'deprecated'],
    ['1.5.12', 'deprecated'],
    ['1.6.0', 'supported'],
    ['2.0.0', 'supported'],
  ])('%s is %s', (version, status) => {
    expect(evaluateUiVersion(version, bounds)).toBe(status);
  });

  it('supports every build when nothing is configured', () => {
    expect(evaluateUiVersion('0.0.1', {})).toBe('supported');
  });
});
