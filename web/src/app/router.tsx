import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { ProductId } from '@app/contracts';
import type { RouteHandle } from '@/shared/routing/route-handle';
import { BootScreen } from '@/shared/ui/boot-screen';

/*
 * The route table of spec 2 holds paths and their metadata only: every page's module (its Component and
 * loader) is loaded on demand, so each page ships in its own chunk. Routes are grouped by owning product; disabled routes
 * (/quiz, the backend product) are left out and fall to the catch-all redirect like any unknown path.
 *
 * What the shell needs to know about a route (its product, layout, sale banner, offline notice) is its
 * `handle` (shared/routing/route-handle.ts), merged along the match chain: the root holds the defaults,
 * each product's group its product, and a page only what sets it apart.
 */

const productPage: RouteHandle = { layout: 'productPage' };
const workspace: RouteHandle = { layout: 'workspace' };
const withoutSale: RouteHandle = { hidesSaleBanner: true };
const savesAsYouType: RouteHandle = { watchesOffline: true };
const savesAsYouTypeWithoutSale: RouteHandle = { hidesSaleBanner: true, watchesOffline: true };

/** A page for signed-in users: visitors see a prompt saying `reason` instead (the page is not rendered). */
function signedIn(reason: string, handle: RouteHandle = {}): RouteHandle {
  return { ...handle, signInReason: reason };
}

/** A product's routes, grouped under a pathless route that names the product for all of them. */
function ownedBy(product: ProductId, children: RouteObject[]): RouteObject {
  return { handle: { product } satisfies RouteHandle, children };
}

const algorithms: RouteObject[] = [
  { path: 'product', lazy: () => import('./routes/algorithms/product'), handle: productPage },
  { path: 'questions', lazy: () => import('./routes/algorithms/questions') },
  { path: 'questions/:questionId', lazy: () => import('./routes/algorithms/question'), handle: workspace },
  { path: 'data-structures/:lessonId?', lazy: () => import('./routes/algorithms/data-structures') },
  { path: 'assessments', lazy: () => import('./routes/algorithms/assessments') },
  {
    path: 'assessments/:questionId',
    lazy: () => import('./routes/algorithms/assessment'),
    handle: signedIn('Log in to take timed assessments and keep your results.', workspace),
  },
  { path: 'interview-tips/:lessonId?', lazy: () => import('./routes/algorithms/interview-tips') },
  { path: 'github-students', lazy: () => import('./routes/algorithms/github-students') },
];

const mockInterviews: RouteObject[] = [
  { path: 'mock-interviews', lazy: () => import('./routes/mock-interviews/scheduling') },
  { path: 'mock-interviews/with-friend', lazy: () => import('./routes/mock-interviews/with-friend') },
  {
    path: 'mock-interviews/video-call',
    lazy: () => import('./routes/mock-interviews/video-call'),
    handle: workspace,
  },
  {
    path: 'mock-interviews/workspace/:phaseId',
    lazy: () => import('./routes/mock-interviews/workspace'),
    handle: workspace,
  },
  { path: 'mock-interviews/feedback', lazy: () => import('./routes/mock-interviews/feedback') },
];

const systems: RouteObject[] = [
  { path: 'systems/product', lazy: () => import('./routes/systems/product'), handle: productPage },
  { path: 'systems/index', lazy: () => import('./routes/systems/index') },
  { path: 'systems/fundamentals/:lessonId?', lazy: () => import('./routes/systems/fundamentals') },
  { path: 'systems/questions', lazy: () => import('./routes/systems/questions') },
  {
    path: 'systems/workspace/:questionId',
    lazy: () => import('./routes/systems/workspace'),
    handle: workspace,
  },
  {
    path: 'systems/quiz',
    lazy: () => import('./routes/systems/quiz'),
    handle: signedIn('Sign in to take the systems design quiz and keep your score.'),
  },
  { path: 'systems/interview-tips/:lessonId?', lazy: () => import('./routes/systems/interview-tips') },
];

const machineLearning: RouteObject[] = [
  {
    path: 'machine-learning/product',
    lazy: () => import('./routes/machine-learning/product'),
    handle: productPage,
  },
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
    handle: workspace,
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
    handle: workspace,
  },
  {
    path: 'machine-learning/quiz',
    lazy: () => import('./routes/machine-learning/quiz'),
    handle: signedIn('Sign in to take the machine learning quiz and keep your score.'),
  },
  {
    path: 'machine-learning/interview-tips/:lessonId?',
    lazy: () => import('./routes/machine-learning/interview-tips'),
  },
];

const frontend: RouteObject[] = [
  { path: 'frontend/product', lazy: () => import('./routes/frontend/product'), handle: productPage },
  { path: 'frontend/index', lazy: () => import('./routes/frontend/index') },
  {
    path: 'frontend/quiz',
    lazy: () => import('./routes/frontend/quiz'),
    handle: signedIn('Sign in to take the frontend quiz and keep your score.'),
  },
  { path: 'frontend/coding-questions', lazy: () => import('./routes/frontend/coding-questions') },
  {
    path: 'frontend/coding-questions/:questionId',
    lazy: () => import('./routes/frontend/coding-question'),
  },
  { path: 'frontend/:courseId/:lessonId?', lazy: () => import('./routes/frontend/course') },
];

const infrastructure: RouteObject[] = [
  {
    path: 'infrastructure/product',
    lazy: () => import('./routes/infrastructure/product'),
    handle: productPage,
  },
  { path: 'infrastructure/index', lazy: () => import('./routes/infrastructure/index') },
  {
    path: 'infrastructure/quiz',
    lazy: () => import('./routes/infrastructure/quiz'),
    handle: signedIn('Sign in to take the infrastructure quiz and keep your score.'),
  },
  {
    path: 'infrastructure/crash-course/:lessonId?',
    lazy: () => import('./routes/infrastructure/crash-course'),
  },
  { path: 'infrastructure/coding-questions', lazy: () => import('./routes/infrastructure/coding-questions') },
  {
    path: 'infrastructure/coding-questions/:questionId',
    lazy: () => import('./routes/infrastructure/coding-question'),
    handle: workspace,
  },
  { path: 'infrastructure/design-questions', lazy: () => import('./routes/infrastructure/design-questions') },
  {
    path: 'infrastructure/design-questions/:questionId',
    lazy: () => import('./routes/infrastructure/design-question'),
  },
];

const ios: RouteObject[] = [
  { path: 'ios/product', lazy: () => import('./routes/ios/product'), handle: productPage },
  { path: 'ios/index', lazy: () => import('./routes/ios/index') },
  {
    path: 'ios/quiz',
    lazy: () => import('./routes/ios/quiz'),
    handle: signedIn('Sign in to take the iOS quiz and keep your score.'),
  },
  { path: 'ios/:courseId/:lessonId?', lazy: () => import('./routes/ios/course') },
];

const blockchain: RouteObject[] = [
  { path: 'blockchain/product', lazy: () => import('./routes/blockchain/product'), handle: productPage },
  { path: 'blockchain/index', lazy: () => import('./routes/blockchain/index') },
  { path: 'blockchain/projects', lazy: () => import('./routes/blockchain/projects') },
  { path: 'blockchain/projects/:projectId', lazy: () => import('./routes/blockchain/project') },
  { path: 'blockchain/coding-questions', lazy: () => import('./routes/blockchain/coding-questions') },
  {
    path: 'blockchain/coding-questions/:questionId',
    lazy: () => import('./routes/blockchain/coding-question'),
  },
  {
    path: 'blockchain/:courseName/:lessonId/practice-questions/:questionNumber',
    lazy: () => import('./routes/blockchain/practice-question'),
    handle: signedIn('Sign in to answer the practice questions and keep your progress.'),
  },
  {
    path: 'blockchain/:courseName/assessment/:questionNumber',
    lazy: () => import('./routes/blockchain/assessment'),
    handle: signedIn('Sign in to take the course assessment and keep your progress.'),
  },
  { path: 'blockchain/:courseName/:lessonId?', lazy: () => import('./routes/blockchain/course') },
];

const other: RouteObject[] = [
  {
    path: 'tech-interview-prep/product',
    lazy: () => import('./routes/other/tech-interview-prep'),
    handle: productPage,
  },
  { path: 'content', lazy: () => import('./routes/other/content') },
  { path: 'behavioral-interviews/:lessonId?', lazy: () => import('./routes/other/behavioral-interviews') },
  {
    path: 'recruiting/profile',
    lazy: () => import('./routes/other/recruiting-profile'),
    handle: signedIn('Log in to build your recruiting profile.', savesAsYouType),
  },
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
  {
    path: 'account/overview',
    lazy: () => import('./routes/other/account-overview'),
    handle: signedIn('Log in to see your account.', savesAsYouTypeWithoutSale),
  },
  {
    path: 'account/products',
    lazy: () => import('./routes/other/account-products'),
    handle: signedIn('Log in to see your products.', savesAsYouTypeWithoutSale),
  },
  {
    path: 'account/transactions',
    lazy: () => import('./routes/other/account-transactions'),
    handle: signedIn('Log in to see your transactions.', savesAsYouTypeWithoutSale),
  },
  {
    path: 'account/data',
    lazy: () => import('./routes/other/account-data'),
    handle: signedIn('Log in to manage your data.', savesAsYouTypeWithoutSale),
  },
  {
    path: 'analytics',
    lazy: () => import('./routes/other/analytics'),
    handle: signedIn('Log in with an analyst account to query the analytics views.', withoutSale),
  },
  {
    path: 'affiliate-dashboard',
    lazy: () => import('./routes/other/affiliate-dashboard'),
    // Open to visitors: they see how to become an affiliate (issue 18).
    handle: withoutSale,
  },
  {
    path: 'licenses/manage',
    lazy: () => import('./routes/other/licenses-manage'),
    handle: signedIn('Log in to manage your team licences.', savesAsYouTypeWithoutSale),
  },
  { path: 'licenses/purchase', lazy: () => import('./routes/other/licenses-purchase'), handle: withoutSale },
  { path: 'license-key', lazy: () => import('./routes/other/license-key'), handle: withoutSale },
  {
    path: 'account-transfer',
    lazy: () => import('./routes/other/account-transfer'),
    handle: signedIn('Log in with the account you are moving from.', withoutSale),
  },
  {
    path: 'quick-account-transfer',
    lazy: () => import('./routes/other/quick-account-transfer'),
    handle: signedIn('Log in with the account that should receive the products.', withoutSale),
  },
  {
    path: 'confirmation',
    lazy: () => import('./routes/other/confirmation'),
    handle: signedIn('Log in to see your purchase confirmed.', withoutSale),
  },
  { path: 'output-viewer', lazy: () => import('./routes/other/output-viewer'), handle: workspace },
  {
    path: 'partners/dashboard',
    lazy: () => import('./routes/other/partners-dashboard'),
    handle: signedIn('Log in with your partner account.', withoutSale),
  },
  { path: 'jobs', lazy: () => import('./routes/other/jobs') },
  { path: 'certificates/:certificateId', lazy: () => import('./routes/other/certificate-verify') },
  // The platform's own page (README): projections and lag.
  { path: 'status', lazy: () => import('./routes/status') },
];

/** The management area (staff; spec 6): anyone else signed in is refused by every call it makes. */
const staffPage = signedIn('Log in with a staff account to use the management area.', withoutSale);
const management: RouteObject[] = [
  { path: 'management', lazy: () => import('./routes/management/home'), handle: staffPage },
  {
    path: 'management/accounts/:userId',
    lazy: () => import('./routes/management/account'),
    handle: staffPage,
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: BootScreen,
    lazy: () => import('./routes/root'),
    handle: { product: 'algoexpert', layout: 'page' } satisfies RouteHandle,
    children: [
      // The site's front door is the algorithms product page, like any path it does not know.
      { index: true, lazy: () => import('./routes/redirect') },
      ...algorithms,
      ...mockInterviews,
      ownedBy('systemsexpert', systems),
      ownedBy('mlexpert', machineLearning),
      ownedBy('frontendexpert', frontend),
      ownedBy('infraexpert', infrastructure),
      ownedBy('iosexpert', ios),
      ownedBy('blockchainexpert', blockchain),
      ...other,
      ...management,
      { path: '*', lazy: () => import('./routes/redirect') },
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
