/** Spec 7, Problems and the other calls under /api/problems/v1/: one module per group of calls. */
export * from './shared-schemas';
export * from './lessons';
export * from './questions';
export * from './projects';
export * from './assessments';
export * from './user-data';
export * from './unlocks-certificates';
export * from './quizzes';
export * from './execution';
export * from './submissions';
export * from './community';
