export * from './judge-solidity';
export * from './packages';
