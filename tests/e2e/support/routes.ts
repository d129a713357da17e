/*
 * One concrete url for every route of spec 2 (disabled ones left out), with the heading each page shows,
 * and the redirects. Shared by the route, accessibility and shell suites.
 */

export type RouteSample = { path: string; heading: string | RegExp };

/** A page for signed-in users shows a visitor the sign-in prompt in its place (its route's signInReason). */
const signInPrompt = 'Log in to continue';

export const routeSamples: readonly RouteSample[] = [
  // Algorithms
  { path: '/product', heading: 'Ace the coding interviews.' },
  { path: '/questions', heading: 'Coding questions' },
  { path: '/questions/ordered-squares', heading: 'Ordered Squares' },
  { path: '/data-structures', heading: 'Data structures crash course' },
  { path: '/data-structures/linked-lists', heading: 'Linked Lists' },
  { path: '/assessments', heading: 'Assessments' },
  { path: '/assessments/ordered-squares', heading: signInPrompt },
  { path: '/interview-tips', heading: 'Interview tips' },
  { path: '/interview-tips/think-out-loud', heading: 'Think Out Loud' },
  { path: '/github-students', heading: 'For students' },
  // Mock interviews
  { path: '/mock-interviews', heading: 'Mock interviews' },
  { path: '/mock-interviews/with-friend', heading: 'Mock interview with a friend' },
  { path: '/mock-interviews/video-call', heading: 'Video call' },
  { path: '/mock-interviews/workspace/phase-one', heading: 'Interview phase: Phase One' },
  { path: '/mock-interviews/feedback', heading: 'Interview feedback' },
  // Systems design
  { path: '/systems/product', heading: 'Ace the systems design interviews.' },
  { path: '/systems/index', heading: 'SystemsExpert index' },
  { path: '/systems/fundamentals', heading: 'Systems design fundamentals' },
  { path: '/systems/fundamentals/caching', heading: 'Caching' },
  { path: '/systems/questions', heading: 'Design questions' },
  { path: '/systems/workspace/url-shortener', heading: 'Design a URL Shortener' },
  { path: '/systems/quiz', heading: signInPrompt },
  { path: '/systems/interview-tips', heading: 'Interview tips' },
  {
    path: '/systems/interview-tips/ask-clarifying-questions',
    heading: 'Ask the Clarifying Questions That Matter',
  },
  // Machine learning
  { path: '/machine-learning/product', heading: 'Ace the machine learning interviews.' },
  { path: '/machine-learning/index', heading: 'MLExpert index' },
  { path: '/machine-learning/crash-course', heading: 'ML crash course' },
  {
    path: '/machine-learning/crash-course/linear-regression',
    heading: 'Linear Regression and Gradient Descent',
  },
  { path: '/machine-learning/coding-questions', heading: 'Coding questions' },
  { path: '/machine-learning/coding-questions/stable-softmax', heading: 'Stable Softmax' },
  { path: '/machine-learning/large-scale', heading: 'Large-scale ML' },
  {
    path: '/machine-learning/large-scale/feature-stores-and-skew',
    heading: 'Feature Stores and Training/Serving Skew',
  },
  { path: '/machine-learning/design-questions', heading: 'ML design questions' },
  {
    path: '/machine-learning/design-questions/video-recommendations',
    heading: 'Design a Video Recommendation Feed',
  },
  { path: '/machine-learning/quiz', heading: signInPrompt },
  { path: '/machine-learning/interview-tips', heading: 'Interview tips' },
  {
    path: '/machine-learning/interview-tips/how-ml-interviews-work',
    heading: 'How ML Interviews Are Structured',
  },
  // Frontend
  { path: '/frontend/product', heading: 'Ace the frontend interviews.' },
  { path: '/frontend/index', heading: 'FrontendExpert index' },
  { path: '/frontend/html', heading: 'HTML crash course' },
  { path: '/frontend/css/cascade-and-specificity', heading: 'The Cascade and Specificity' },
  { path: '/frontend/javascript', heading: 'JavaScript crash course' },
  { path: '/frontend/react/effects-and-dependencies', heading: 'Effects and Their Dependencies' },
  { path: '/frontend/web-dev-fundamentals', heading: 'Web development fundamentals' },
  { path: '/frontend/quiz', heading: signInPrompt },
  { path: '/frontend/coding-questions', heading: 'Coding questions' },
  { path: '/frontend/coding-questions/debounce', heading: 'Debounce' },
  // Infrastructure
  { path: '/infrastructure/product', heading: 'Ace the infrastructure interviews.' },
  { path: '/infrastructure/index', heading: 'InfraExpert index' },
  { path: '/infrastructure/quiz', heading: signInPrompt },
  { path: '/infrastructure/crash-course', heading: 'Infrastructure crash course' },
  {
    path: '/infrastructure/crash-course/containers',
    heading: 'Containers: Namespaces, cgroups, Images and Layers',
  },
  { path: '/infrastructure/coding-questions', heading: 'Coding questions' },
  { path: '/infrastructure/coding-questions/top-request-paths', heading: 'Top Request Paths' },
  { path: '/infrastructure/design-questions', heading: 'Infrastructure design questions' },
  {
    path: '/infrastructure/design-questions/ci-cd-platform',
    heading: 'Design a CI/CD Platform for 500 Engineers',
  },
  // iOS
  { path: '/ios/product', heading: 'Ace the iOS interviews.' },
  { path: '/ios/index', heading: 'iOSExpert index' },
  { path: '/ios/quiz', heading: signInPrompt },
  { path: '/ios/swift-fundamentals', heading: 'Swift fundamentals' },
  { path: '/ios/swiftui/layout', heading: 'Layout' },
  // Blockchain
  { path: '/blockchain/product', heading: 'Become a blockchain developer.' },
  { path: '/blockchain/index', heading: 'BlockchainExpert index' },
  { path: '/blockchain/blockchain-fundamentals', heading: 'Blockchain fundamentals' },
  { path: '/blockchain/ethereum-and-smart-contracts/contracts-and-abis', heading: 'Contracts and ABIs' },
  { path: '/blockchain/solidity-fundamentals', heading: 'Solidity fundamentals' },
  { path: '/blockchain/advanced-solidity', heading: 'Advanced Solidity' },
  { path: '/blockchain/interacting-with-smart-contracts', heading: 'Interacting with smart contracts' },
  {
    path: '/blockchain/web3-tools/development-frameworks-hardhat-and-foundry',
    heading: 'Development Frameworks: Hardhat and Foundry',
  },
  {
    path: '/blockchain/solidity-fundamentals/functions-and-visibility/practice-questions/2',
    heading: signInPrompt,
  },
  { path: '/blockchain/advanced-solidity/assessment/3', heading: signInPrompt },
  { path: '/blockchain/coding-questions', heading: 'Coding questions' },
  { path: '/blockchain/coding-questions/owned-counter', heading: 'Owned Counter' },
  { path: '/blockchain/projects', heading: 'Projects' },
  { path: '/blockchain/projects/crowdfunding-campaign', heading: 'Crowdfunding Campaign' },
  // Other
  { path: '/tech-interview-prep/product', heading: 'Tech Interview Prep Bundle' },
  { path: '/content', heading: 'Content' },
  { path: '/behavioral-interviews', heading: 'Behavioral interviews' },
  { path: '/behavioral-interviews/structuring-answers', heading: 'Structuring Your Answers with STAR' },
  { path: '/recruiting/profile', heading: signInPrompt },
  { path: '/login', heading: 'Log in' },
  { path: '/team', heading: 'Team' },
  { path: '/purchase', heading: 'Purchase' },
  { path: '/help', heading: 'Help' },
  { path: '/reviews', heading: 'Reviews' },
  { path: '/blog', heading: 'Blog' },
  { path: '/blog/how-to-prepare', heading: 'How To Prepare' },
  { path: '/swe-project-contests', heading: 'SWE project contests' },
  { path: '/swe-project-contests/spring-2026', heading: 'Season Spring 2026' },
  { path: '/legal', heading: 'Legal stuff' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/account/overview', heading: signInPrompt },
  { path: '/account/products', heading: signInPrompt },
  { path: '/account/transactions', heading: signInPrompt },
  { path: '/account/data', heading: signInPrompt },
  { path: '/affiliate-dashboard', heading: 'Affiliate dashboard' },
  { path: '/licenses/manage', heading: signInPrompt },
  { path: '/licenses/purchase', heading: 'Buy licences for your team' },
  { path: '/license-key', heading: 'Redeem a licence key' },
  { path: '/account-transfer', heading: signInPrompt },
  { path: '/quick-account-transfer', heading: signInPrompt },
  { path: '/confirmation', heading: signInPrompt },
  { path: '/output-viewer', heading: 'Output viewer' },
  { path: '/partners/dashboard', heading: signInPrompt },
  { path: '/jobs', heading: 'Jobs' },
];

export type RedirectSample = { from: string; to: string };

/** Spec 2, Redirects; disabled routes (/quiz, the backend product) fall to the algorithms product page. */
export const redirectSamples: readonly RedirectSample[] = [
  { from: '/', to: '/product' },
  { from: '/licenses', to: '/licenses/manage' },
  { from: '/business', to: '/licenses/manage' },
  { from: '/student', to: '/license-key' },
  { from: '/ml', to: '/machine-learning/product' },
  { from: '/frontend', to: '/frontend/product' },
  { from: '/infra', to: '/infrastructure/product' },
  { from: '/blockchain', to: '/blockchain/product' },
  { from: '/systems/anything', to: '/systems/product' },
  { from: '/systems/product/extra', to: '/systems/product' },
  { from: '/machine-learning/unknown', to: '/machine-learning/product' },
  { from: '/machine-learning/product/extra', to: '/machine-learning/product' },
  { from: '/frontend/not-a-course', to: '/frontend/product' },
  { from: '/frontend/product/extra', to: '/frontend/product' },
  { from: '/quiz', to: '/product' },
  { from: '/backend/product', to: '/product' },
  { from: '/backend/quiz', to: '/product' },
  { from: '/no/such/page', to: '/product' },
  { from: '/ios/not-a-course', to: '/product' },
  { from: '/blockchain/not-a-course', to: '/product' },
];
