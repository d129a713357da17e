import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { BootScreen } from '@/shared/ui/boot-screen';

/*
 * The route table of spec 2 holds paths only: every page's module (its Component and loader) is loaded on
 * demand, so each page ships in its own chunk. Routes are grouped by owning product; disabled routes
 * (/quiz, the backend product) are left out and fall to the catch-all redirect like any unknown path.
 */

const algorithms: RouteObject[] = [
  { path: 'product', lazy: () => import('./routes/algorithms/product') },
  { path: 'questions', lazy: () => import('./routes/algorithms/questions') },
  { path: 'questions/:questionId', lazy: () => import('./routes/algorithms/question') },
  { path: 'data-structures/:lessonId?', lazy: () => import('./routes/algorithms/data-structures') },
  { path: 'assessments', lazy: () => import('./routes/algorithms/assessments') },
  { path: 'assessments/:questionId', lazy: () => import('./routes/algorithms/assessment') },
  { path: 'interview-tips/:lessonId?', lazy: () => import('./routes/algorithms/interview-tips') },
  { path: 'github-students', lazy: () => import('./routes/algorithms/github-students') },
];

const mockInterviews: RouteObject[] = [
  { path: 'mock-interviews', lazy: () => import('./routes/mock-interviews/scheduling') },
  { path: 'mock-interviews/with-friend', lazy: () => import('./routes/mock-interviews/with-friend') },
  { path: 'mock-interviews/video-call', lazy: () => import('./routes/mock-interviews/video-call') },
  { path: 'mock-interviews/workspace/:phaseId', lazy: () => import('./routes/mock-interviews/workspace') },
  { path: 'mock-interviews/feedback', lazy: () => import('./routes/mock-interviews/feedback') },
];

const systems: RouteObject[] = [
  { path: 'systems/product', lazy: () => import('./routes/systems/product') },
  { path: 'systems/index', lazy: () => import('./routes/systems/index') },
  { path: 'systems/fundamentals/:lessonId?', lazy: () => import('./routes/systems/fundamentals') },
  { path: 'systems/questions', lazy: () => import('./routes/systems/questions') },
  { path: 'systems/workspace/:questionId', lazy: () => import('./routes/systems/workspace') },
  { path: 'systems/quiz', lazy: () => import('./routes/systems/quiz') },
  { path: 'systems/interview-tips/:lessonId?', lazy: () => import('./routes/systems/interview-tips') },
];

const machineLearning: RouteObject[] = [
  { path: 'machine-learning/product', lazy: () => import('./routes/machine-learning/product') },
  { path: 'machine-learning/index', lazy: () => import('./routes/machine-learning/index') },
  {
    path: 'machine-learning/crash-course/:lessonId?',
    lazy: () => import('./routes/machine-learning/crash-course'),
  },
  {
    path: 'machine-learning/coding-questions',
    lazy: () => import('./routes/machine-learning/coding-questions'),
  },
  {
    path: 'machine-learning/coding-questions/:questionId',
    lazy: () => import('./routes/machine-learning/coding-question'),
  },
  {
    path: 'machine-learning/large-scale/:lessonId?',
    lazy: () => import('./routes/machine-learning/large-scale'),
  },
  {
    path: 'machine-learning/design-questions',
    lazy: () => import('./routes/machine-learning/design-questions'),
  },
  {
    path: 'machine-learning/design-questions/:questionId',
    lazy: () => import('./routes/machine-learning/design-question'),
  },
  { path: 'machine-learning/quiz', lazy: () => import('./routes/machine-learning/quiz') },
  {
    path: 'machine-learning/interview-tips/:lessonId?',
    lazy: () => import('./routes/machine-learning/interview-tips'),
  },
];

const frontend: RouteObject[] = [
  { path: 'frontend/product', lazy: () => import('./routes/frontend/product') },
  { path: 'frontend/index', lazy: () => import('./routes/frontend/index') },
  { path: 'frontend/quiz', lazy: () => import('./routes/frontend/quiz') },
  { path: 'frontend/coding-questions', lazy: () => import('./routes/frontend/coding-questions') },
  { path: 'frontend/coding-questions/:questionId', lazy: () => import('./routes/frontend/coding-question') },
  { path: 'frontend/:courseId/:lessonId?', lazy: () => import('./routes/frontend/course') },
];

const infrastructure: RouteObject[] = [
  { path: 'infrastructure/product', lazy: () => import('./routes/infrastructure/product') },
  { path: 'infrastructure/index', lazy: () => import('./routes/infrastructure/index') },
  { path: 'infrastructure/quiz', lazy: () => import('./routes/infrastructure/quiz') },
  {
    path: 'infrastructure/crash-course/:lessonId?',
    lazy: () => import('./routes/infrastructure/crash-course'),
  },
  { path: 'infrastructure/coding-questions', lazy: () => import('./routes/infrastructure/coding-questions') },
  {
    path: 'infrastructure/coding-questions/:questionId',
    lazy: () => import('./routes/infrastructure/coding-question'),
  },
  { path: 'infrastructure/design-questions', lazy: () => import('./routes/infrastructure/design-questions') },
  {
    path: 'infrastructure/design-questions/:questionId',
    lazy: () => import('./routes/infrastructure/design-question'),
  },
];

const ios: RouteObject[] = [
  { path: 'ios/product', lazy: () => import('./routes/ios/product') },
  { path: 'ios/index', lazy: () => import('./routes/ios/index') },
  { path: 'ios/quiz', lazy: () => import('./routes/ios/quiz') },
  { path: 'ios/:courseId/:lessonId?', lazy: () => import('./routes/ios/course') },
];

const blockchain: RouteObject[] = [
  { path: 'blockchain/product', lazy: () => import('./routes/blockchain/product') },
  { path: 'blockchain/index', lazy: () => import('./routes/blockchain/index') },
  { path: 'blockchain/projects/:projectId', lazy: () => import('./routes/blockchain/project') },
  {
    path: 'blockchain/:courseName/:lessonId/practice-questions/:questionNumber',
    lazy: () => import('./routes/blockchain/practice-question'),
  },
  {
    path: 'blockchain/:courseName/assessment/:questionNumber',
    lazy: () => import('./routes/blockchain/assessment'),
  },
  { path: 'blockchain/:courseName/:lessonId?', lazy: () => import('./routes/blockchain/course') },
];

const other: RouteObject[] = [
  { path: 'tech-interview-prep/product', lazy: () => import('./routes/other/tech-interview-prep') },
  { path: 'content', lazy: () => import('./routes/other/content') },
  { path: 'behavioral-interviews/:lessonId?', lazy: () => import('./routes/other/behavioral-interviews') },
  { path: 'recruiting/profile', lazy: () => import('./routes/other/recruiting-profile') },
  { path: 'login', lazy: () => import('./routes/other/login') },
  { path: 'team', lazy: () => import('./routes/other/team') },
  { path: 'purchase', lazy: () => import('./routes/other/purchase') },
  { path: 'help', lazy: () => import('./routes/other/help') },
  { path: 'reviews', lazy: () => import('./routes/other/reviews') },
  { path: 'blog', lazy: () => import('./routes/other/blog') },
  { path: 'blog/:postId', lazy: () => import('./routes/other/blog-post') },
  { path: 'swe-project-contests', lazy: () => import('./routes/other/contests') },
  { path: 'swe-project-contests/:contestSeason', lazy: () => import('./routes/other/contest-season') },
  { path: 'legal', lazy: () => import('./routes/other/legal') },
  { path: 'privacy', lazy: () => import('./routes/other/privacy') },
  { path: 'account/overview', lazy: () => import('./routes/other/account-overview') },
  { path: 'account/products', lazy: () => import('./routes/other/account-products') },
  { path: 'account/transactions', lazy: () => import('./routes/other/account-transactions') },
  { path: 'account/data', lazy: () => import('./routes/other/account-data') },
  { path: 'affiliate-dashboard', lazy: () => import('./routes/other/affiliate-dashboard') },
  { path: 'licenses/manage', lazy: () => import('./routes/other/licenses-manage') },
  { path: 'licenses/purchase', lazy: () => import('./routes/other/licenses-purchase') },
  { path: 'license-key', lazy: () => import('./routes/other/license-key') },
  { path: 'account-transfer', lazy: () => import('./routes/other/account-transfer') },
  { path: 'quick-account-transfer', lazy: () => import('./routes/other/quick-account-transfer') },
  { path: 'confirmation', lazy: () => import('./routes/other/confirmation') },
  { path: 'output-viewer', lazy: () => import('./routes/other/output-viewer') },
  { path: 'partners/dashboard', lazy: () => import('./routes/other/partners-dashboard') },
  { path: 'jobs', lazy: () => import('./routes/other/jobs') },
  { path: 'certificates/:certificateId', lazy: () => import('./routes/other/certificate-verify') },
  // The platform's own page (README): projections and lag.
  { path: 'status', lazy: () => import('./routes/status') },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: BootScreen,
    lazy: () => import('./routes/root'),
    children: [
      // The site's front door is the algorithms product page, like any path it does not know.
      { index: true, lazy: () => import('./routes/redirect') },
      ...algorithms,
      ...mockInterviews,
      ...systems,
      ...machineLearning,
      ...frontend,
      ...infrastructure,
      ...ios,
      ...blockchain,
      ...other,
      { path: '*', lazy: () => import('./routes/redirect') },
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
