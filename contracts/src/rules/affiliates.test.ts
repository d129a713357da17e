import { affiliateSaleCategory } from './affiliates';

describe('the daily tracking column of a sale', () => {
  it('counts the three named products alone, several products as a bundle, none as algoexpert', () => {
    expect(affiliateSaleCategory(['systemsexpert'])).toBe('systemsexpert');
    expect(affiliateSaleCategory(['mlexpert'])).toBe('mlexpert');
    expect(affiliateSaleCategory(['algoexpert', 'systemsexpert'])).toBe('bundle');
    expect(affiliateSaleCategory(['allaccess'])).toBe('bundle');
    expect(affiliateSaleCategory([])).toBe('algoexpert');
    expect(affiliateSaleCategory(['frontendexpert'])).toBe('other');
  });
});
