import { z } from 'zod';

/*
 * The blockchain track's Solidity coding questions and projects, as written in the repository's content
 * folder and judged for real (solc, then an in-process EVM, inside the sandbox):
 *
 *   content/blockchain/questions/<slug>/question.json + prompt.md + walkthrough.md + starter.sol
 *                                       + solution.sol [+ support.sol]
 *   content/blockchain/projects/<slug>/project.json + brief.md + starter.sol + solution.sol [+ support.sol]
 *
 * (question.json is solidityQuestionFileSchema: the question without its two Markdown texts, which live
 * in their own files; project.json likewise without its brief.)
 *
 * A test is a scenario: the contract is deployed into a fresh chain, then each step is a call (or a
 * deploy of a support contract) from a named account, with expectations on what it returned, how it
 * reverted, the events it emitted and the balances after it. The learner's file is `Solution.sol`; the
 * optional support source (an attacker contract, a token to pay with) is `Support.sol` beside it.
 */

/** The named accounts of every scenario, each funded with SOLIDITY_ACCOUNT_FUNDS wei. */
export const solidityAccounts = ['deployer', 'alice', 'bob', 'carol', 'dave', 'eve'] as const;
export type SolidityAccount = (typeof solidityAccounts)[number];
/** 100 ether. */
export const SOLIDITY_ACCOUNT_FUNDS = '100000000000000000000';
/** Gas of a call unless its step says otherwise. */
export const SOLIDITY_CALL_GAS = 3_000_000;
/** Gas of a deploy unless its step says otherwise. */
export const SOLIDITY_DEPLOY_GAS = 10_000_000;
/** The first block's timestamp (seconds); each call is mined in a new block 12 seconds later. */
export const SOLIDITY_GENESIS_TIME = 1_700_000_000;
/** Longest learner source accepted (characters). */
export const SOLIDITY_MAX_SOURCE_CHARS = 100_000;
/** solc's EVM target and the chain's hardfork (they must agree). */
export const SOLIDITY_EVM_VERSION = 'cancun';

/**
 * A value in a test, as JSON: integers as decimal strings (or numbers when they fit), `@alice` (an account),
 * `@contract` (the deployed contract) or `@<label>` (a support contract deployed as that label) for
 * addresses, 0x-hex for bytes, booleans, and arrays for arrays and tuples.
 */
export type SolidityValue = string | number | boolean | SolidityValue[];
export const solidityValueSchema: z.ZodType<SolidityValue> = z.lazy(() =>
  z.union([z.string(), z.number().int(), z.boolean(), z.array(solidityValueSchema)]),
);

const weiSchema = z.string().regex(/^\d+$/, 'wei as a decimal string');
const accountRef = z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'an account or contract label');

export const solidityRevertSchema = z.union([
  z.literal(true),
  z.strictObject({
    /** A custom error's name (`InsufficientBalance`). */
    error: z.string().min(1).optional(),
    /** The custom error's arguments. */
    args: z.array(solidityValueSchema).optional(),
    /** A `require(cond, "reason")` / `revert("reason")` string. */
    reason: z.string().optional(),
    /** A panic code (0x11 overflow = 17, 0x12 division by zero = 18, 0x01 assert = 1). */
    panic: z.number().int().optional(),
  }),
]);
export type SolidityRevert = z.infer<typeof solidityRevertSchema>;

export const solidityEventSchema = z.strictObject({
  name: z.string().min(1),
  args: z.array(solidityValueSchema).optional(),
  /** Who emitted it; the main contract when absent. */
  from: accountRef.optional(),
});
export type SolidityEvent = z.infer<typeof solidityEventSchema>;

export const solidityExpectSchema = z.strictObject({
  /** The function's return values, in order (a call that must succeed). */
  returns: z.array(solidityValueSchema).optional(),
  /** The call must revert, optionally with this error. */
  revert: solidityRevertSchema.optional(),
  /** Exactly these events of the named emitters, in order (others' events are ignored). */
  events: z.array(solidityEventSchema).optional(),
  /** Balances in wei after the step, by account or contract label (`contract` for the main one). */
  balances: z.record(accountRef, weiSchema).optional(),
});
export type SolidityExpect = z.infer<typeof solidityExpectSchema>;

const stepCommon = {
  /** The sender; `deployer` when absent. */
  from: z.enum(solidityAccounts).optional(),
  /** Wei sent with it. */
  value: weiSchema.optional(),
  gas: z.number().int().positive().max(30_000_000).optional(),
  /** Seconds the chain's clock moves forward before this step's block (beyond its 12 seconds). */
  advance: z.number().int().nonnegative().optional(),
  args: z.array(solidityValueSchema).optional(),
  expect: solidityExpectSchema.optional(),
};

export const solidityCallStepSchema = z.strictObject({
  ...stepCommon,
  /** A function's name, or its signature (`transfer(address,uint256)`) when it is overloaded. */
  call: z.string().min(1),
  /** Which contract: `contract` (the learner's, the default) or a support contract's label. */
  to: accountRef.optional(),
});

export const solidityDeployStepSchema = z.strictObject({
  ...stepCommon,
  /** A contract of the support source (or of the learner's) to deploy beside the main one. */
  deploy: z.string().min(1),
  /** The label steps and values use for it (`@attacker`). */
  as: accountRef,
});

export const solidityStepSchema = z.union([solidityCallStepSchema, solidityDeployStepSchema]);
export type SolidityCallStep = z.infer<typeof solidityCallStepSchema>;
export type SolidityDeployStep = z.infer<typeof solidityDeployStepSchema>;
export type SolidityStep = z.infer<typeof solidityStepSchema>;

export const solidityTestSchema = z.strictObject({
  name: z.string().min(1),
  /** A hidden test shows only whether it passed. */
  hidden: z.boolean().optional(),
  /**
   * Support contracts deployed before the main one (a token the main contract's constructor takes), so
   * its arguments can name them (`@tokenA`).
   */
  before: z.array(solidityDeployStepSchema).optional(),
  /** The main contract's deployment (constructor arguments, value, sender, expectations). */
  deploy: z
    .strictObject({
      from: z.enum(solidityAccounts).optional(),
      value: weiSchema.optional(),
      gas: z.number().int().positive().max(30_000_000).optional(),
      args: z.array(solidityValueSchema).optional(),
      expect: solidityExpectSchema.omit({ returns: true }).optional(),
    })
    .optional(),
  steps: z.array(solidityStepSchema),
});
export type SolidityTest = z.infer<typeof solidityTestSchema>;

const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

export const solidityQuestionSchema = z.strictObject({
  slug: slugSchema,
  name: z.string().min(1),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** What it practises (the question list groups by it): "Access Control", "Tokens"... */
  category: z.string().min(1).max(60),
  free: z.boolean(),
  /** The statement, Markdown: constraints and an example. */
  prompt: z.string().min(200),
  hints: z.array(z.string().min(1)).min(1),
  /** The explanation of the reference solution, Markdown. */
  walkthrough: z.string().min(400),
  /** The contract the tests deploy (in Solution.sol). */
  contractName: z.string().regex(/^[A-Z][A-Za-z0-9_]*$/),
  tests: z.array(solidityTestSchema).min(3),
});
export type SolidityQuestionMeta = z.infer<typeof solidityQuestionSchema>;
/** question.json: the question less prompt.md and walkthrough.md. */
export const solidityQuestionFileSchema = solidityQuestionSchema.omit({ prompt: true, walkthrough: true });
/** A question as loaded: its meta with the Solidity files beside it. */
export type SolidityQuestion = SolidityQuestionMeta & {
  starter: string;
  solution: string;
  /** Support.sol: contracts the tests deploy beside the learner's (never the learner's to edit). */
  support?: string;
};

export const solidityMilestoneSchema = z.strictObject({
  title: z.string().min(1),
  /** What to build in this milestone, Markdown. */
  body: z.string().min(100),
  tests: z.array(solidityTestSchema).min(2),
});
export type SolidityMilestone = z.infer<typeof solidityMilestoneSchema>;

export const solidityProjectSchema = z.strictObject({
  slug: slugSchema,
  name: z.string().min(1),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  free: z.boolean(),
  summary: z.string().min(20).max(300),
  /** The project's brief, Markdown. */
  brief: z.string().min(300),
  contractName: z.string().regex(/^[A-Z][A-Za-z0-9_]*$/),
  /** Each milestone's tests run against the same contract; a later milestone builds on the earlier ones. */
  milestones: z.array(solidityMilestoneSchema).min(2),
});
export type SolidityProjectMeta = z.infer<typeof solidityProjectSchema>;
/** project.json: the project less brief.md. */
export const solidityProjectFileSchema = solidityProjectSchema.omit({ brief: true });
export type SolidityProject = SolidityProjectMeta & { starter: string; solution: string; support?: string };
