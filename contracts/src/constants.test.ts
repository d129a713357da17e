import {
  allAccessProductIds,
  codingLanguages,
  difficultyLabels,
  executionStatuses,
  logoutCountdownText,
  problemProductIds,
  productIds,
  productRoles,
  purchasePlans,
  RETRY_TIMEOUTS_MS,
  RETRY_WAITS_MS,
  runErrorExecutionStatus,
  unlockProductIds,
} from './constants';
import { runErrorCodes } from './errors';

describe('constants', () => {
  it('lists nine coding languages and four difficulties', () => {
    expect(codingLanguages).toHaveLength(9);
    expect(Object.values(difficultyLabels)).toEqual(['Easy', 'Medium', 'Hard', 'Very Hard']);
  });

  it('expands allaccess to six products, while the allAccess plan counts seven', () => {
    expect(allAccessProductIds).toHaveLength(6);
    expect(new Set(allAccessProductIds).size).toBe(6);
    expect(purchasePlans.allAccess.productCount).toBe(7);
    expect([purchasePlans.single.productCount, purchasePlans.double.productCount]).toEqual([1, 2]);
  });

  it('serves problems for seven products and unlocks for eight', () => {
    expect(problemProductIds).toHaveLength(7);
    expect(unlockProductIds).toEqual([...problemProductIds, 'backendexpert']);
    for (const product of unlockProductIds) expect(productIds).toContain(product);
  });

  it('maps every product to a role and every run error code to an execution status', () => {
    expect(Object.keys(productRoles).sort()).toEqual([...productIds].sort());
    for (const code of runErrorCodes) expect(executionStatuses).toContain(runErrorExecutionStatus[code]);
  });

  it('has one more retry timeout than waits', () => {
    expect(RETRY_TIMEOUTS_MS).toEqual([3000, 8000, 20000]);
    expect(RETRY_WAITS_MS).toEqual([1000, 2000]);
  });

  it('words the logout countdown', () => {
    expect(logoutCountdownText(15)).toBe("You'll be logged out in 15 seconds");
    expect(logoutCountdownText(1)).toBe("You'll be logged out in 1 second");
    expect(logoutCountdownText(0)).toBe("You'll be logged out now");
  });
});
