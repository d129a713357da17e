import { type CatalogueSummary, type ProductId, lessonKindOfSection } from '@app/contracts';
import { productIndex, type ProductEntry } from './product-index';
import type { SignInModalVideo } from '@/shared/auth/sign-in-modal-slice';

export { PROGRAMMING_PRODUCT_URL, themeKeys, type ThemeKey } from './product-index';

/** What copy may count: undefined until the catalogue or the engine has answered. */
export type CatalogueCounts = {
  /** The languages this deployment runs now, by name. */
  runnableLanguages: readonly string[] | undefined;
  /** What the product's catalogue holds (catalogue/summary). */
  summary: CatalogueSummary | undefined;
};

/** The lessons of some of a product's courses (by section id), undefined until known or when there are none. */
function lessonsIn(summary: CatalogueSummary | undefined, sectionIds: readonly string[]) {
  if (!summary) return undefined;
  let total = 0;
  for (const id of sectionIds) {
    const kind = lessonKindOfSection(id);
    total += kind ? (summary.lessonsByCourse[kind] ?? 0) : 0;
  }
  return total || undefined;
}

/** A feature line quoting the catalogue's count, or its words alone until the count is known (or is 0). */
const quote = (count: number | undefined, words: string, withCount: (count: number) => string) =>
  count ? withCount(count) : words;

/** A product's feature line: fixed, or made from the counts (the copy states only what is true here). */
export type ProductFeature = string | ((counts: CatalogueCounts) => string);

/** One part of a product: a course, a question list, a quiz... with the route that shows it. */
export type ProductSection = {
  /** Unique within the product; lesson and course routes name their section by it. */
  id: string;
  title: string;
  path: string;
  description: string;
  kind: 'course' | 'questions' | 'quiz' | 'tips' | 'assessments' | 'projects' | 'mock';
  /** A question list's kind of questions (what its index card counts). */
  questions?: 'coding' | 'design';
};

/** A product's index entry (what every page's shell needs) and its marketing: pages that show it load it. */
export type Product = ProductEntry & {
  /** What the product teaches, in a few words. */
  subject: string;
  headline: string;
  pitch: string;
  /** Written-in features, or ones whose counts come from the catalogue and the engine. */
  features: readonly ProductFeature[];
  sections: readonly ProductSection[];
  /** A short introduction the product page offers to play; a file under web/public/media. */
  introVideo?: SignInModalVideo;
};

const algoexpert: Product = {
  ...productIndex.algoexpert,
  subject: 'Algorithms and data structures',
  headline: 'Ace the coding interviews.',
  pitch:
    'Hand-picked coding questions in an online workspace that runs your code against real tests, with hints, a written walkthrough and reference solutions for every question.',
  // Made by web/scripts/make-intro-clip.mjs.
  introVideo: {
    src: '/media/algoexpert-intro.webm',
    title: 'AlgoExpert: a quick introduction',
    captionsSrc: '/media/algoexpert-intro.en.vtt',
  },
  features: [
    ({ summary }) =>
      quote(
        summary?.codingQuestions,
        'Coding questions from easy to very hard, sorted by difficulty and category',
        (n) => `${n} coding questions from easy to very hard, sorted by difficulty and category`,
      ),
    ({ runnableLanguages }) =>
      runnableLanguages === undefined
        ? 'A workspace that runs your code against tests, with your own scratchpad'
        : `A workspace that runs your code in ${runnableLanguages.length} languages (${runnableLanguages.join(', ')}), with tests and your own scratchpad`,
    'Hints, a written walkthrough and reference solutions for every question',
    'A data-structures crash course and interview tips',
    'Timed assessments and mock interviews with a friend',
  ],
  sections: [
    {
      id: 'questions',
      title: 'Coding questions',
      path: '/questions',
      description: 'Solve questions in the workspace, grouped by category and difficulty.',
      kind: 'questions',
      questions: 'coding',
    },
    {
      id: 'data-structures',
      title: 'Data structures crash course',
      path: '/data-structures',
      description: 'Complexity, arrays, linked lists, hash tables, trees, graphs and heaps.',
      kind: 'course',
    },
    {
      id: 'assessments',
      title: 'Assessments',
      path: '/assessments',
      description: 'Timed sets of questions that measure where you stand.',
      kind: 'assessments',
    },
    {
      id: 'interview-tips',
      title: 'Interview tips',
      path: '/interview-tips',
      description: 'How coding interviews run and how to think out loud.',
      kind: 'tips',
    },
    {
      id: 'mock-interviews',
      title: 'Mock interviews',
      path: '/mock-interviews',
      description: 'Practise with a friend on a shared workspace with video.',
      kind: 'mock',
    },
  ],
};

const systemsexpert: Product = {
  ...productIndex.systemsexpert,
  subject: 'Systems design',
  headline: 'Ace the systems design interviews.',
  pitch:
    'The fundamentals of distributed systems explained from first principles, then real design questions worked through end to end.',
  features: [
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['fundamentals']),
        'A fundamentals course from client-server to consensus',
        (n) => `A ${n}-lesson fundamentals course from client-server to consensus`,
      ),
    ({ summary }) =>
      quote(
        summary?.designQuestions,
        'Design questions with full walkthroughs',
        (n) => `${n} design questions with full walkthroughs`,
      ),
    ({ summary }) =>
      quote(
        summary?.quizQuestions,
        'A quiz to check what stuck',
        (n) => `A ${n}-question quiz to check what stuck`,
      ),
    'Interview tips for open-ended design rounds',
  ],
  sections: [
    {
      id: 'fundamentals',
      title: 'Systems design fundamentals',
      path: '/systems/fundamentals',
      description: 'Caching, load balancing, replication, sharding and more.',
      kind: 'course',
    },
    {
      id: 'questions',
      title: 'Design questions',
      path: '/systems/questions',
      description: 'Full design interviews, from requirements to trade-offs.',
      kind: 'questions',
      questions: 'design',
    },
    {
      id: 'quiz',
      title: 'Systems design quiz',
      path: '/systems/quiz',
      description: 'Multiple-choice questions on the fundamentals.',
      kind: 'quiz',
    },
    {
      id: 'interview-tips',
      title: 'Interview tips',
      path: '/systems/interview-tips',
      description: 'How to lead an open-ended design conversation.',
      kind: 'tips',
    },
  ],
};

const mlexpert: Product = {
  ...productIndex.mlexpert,
  subject: 'Machine learning',
  headline: 'Ace the machine learning interviews.',
  pitch:
    'A crash course in machine learning, coding questions that implement the classics, and large-scale ML system design.',
  features: [
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['crash-course']),
        'A machine learning crash course',
        (n) => `A ${n}-lesson machine learning crash course`,
      ),
    ({ summary }) =>
      quote(
        summary?.codingQuestions,
        'ML coding questions in a real workspace',
        (n) => `${n} ML coding questions judged in a real Python workspace`,
      ),
    ({ summary }) => {
      const lessons = lessonsIn(summary, ['large-scale']);
      const design = summary?.designQuestions;
      return lessons && design
        ? `A ${lessons}-lesson large-scale ML course and ${design} ML design questions`
        : 'A large-scale ML course and design questions';
    },
    ({ summary }) =>
      quote(
        summary?.quizQuestions,
        'A quiz and interview tips',
        (n) => `A ${n}-question quiz and interview tips`,
      ),
  ],
  sections: [
    {
      id: 'crash-course',
      title: 'ML crash course',
      path: '/machine-learning/crash-course',
      description: 'Models, training, evaluation and the maths behind them.',
      kind: 'course',
    },
    {
      id: 'coding-questions',
      title: 'ML coding questions',
      path: '/machine-learning/coding-questions',
      description: 'Implement the algorithms interviewers ask about.',
      kind: 'questions',
      questions: 'coding',
    },
    {
      id: 'large-scale',
      title: 'Large-scale ML',
      path: '/machine-learning/large-scale',
      description: 'Feature stores, training pipelines and serving at scale.',
      kind: 'course',
    },
    {
      id: 'design-questions',
      title: 'ML design questions',
      path: '/machine-learning/design-questions',
      description: 'Design recommendation, ranking and detection systems.',
      kind: 'questions',
      questions: 'design',
    },
    {
      id: 'quiz',
      title: 'ML quiz',
      path: '/machine-learning/quiz',
      description: 'Check your understanding of the crash course.',
      kind: 'quiz',
    },
    {
      id: 'interview-tips',
      title: 'Interview tips',
      path: '/machine-learning/interview-tips',
      description: 'What ML interviews look for.',
      kind: 'tips',
    },
  ],
};

/** The frontend courses of spec 2 (`/frontend/:courseId/:lessonId?`). */
export const frontendCourseIds = [
  'html',
  'css',
  'javascript',
  'react',
  'web-dev-fundamentals',
  'coding-questions',
  'quiz',
] as const;

const frontendexpert: Product = {
  ...productIndex.frontendexpert,
  subject: 'Frontend engineering',
  headline: 'Ace the frontend interviews.',
  pitch:
    'Crash courses in HTML, CSS, JavaScript and React, web fundamentals, and frontend coding questions with a live browser preview.',
  features: [
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['html', 'css', 'javascript', 'react']),
        'HTML, CSS, JavaScript and React crash courses',
        (n) => `HTML, CSS, JavaScript and React crash courses: ${n} lessons, many with examples you can run`,
      ),
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['web-dev-fundamentals']),
        'Web development fundamentals',
        (n) => `Web development fundamentals in ${n} lessons`,
      ),
    ({ summary }) =>
      quote(
        summary?.codingQuestions,
        'Frontend coding questions with a live preview',
        (n) => `${n} frontend coding questions with a live preview, judged in a real browser`,
      ),
    ({ summary }) => quote(summary?.quizQuestions, 'A frontend quiz', (n) => `A ${n}-question frontend quiz`),
  ],
  sections: [
    {
      id: 'html',
      title: 'HTML crash course',
      path: '/frontend/html',
      description: 'Semantic markup, forms and accessibility.',
      kind: 'course',
    },
    {
      id: 'css',
      title: 'CSS crash course',
      path: '/frontend/css',
      description: 'Selectors, the box model, flexbox and grid.',
      kind: 'course',
    },
    {
      id: 'javascript',
      title: 'JavaScript crash course',
      path: '/frontend/javascript',
      description: 'The language, the DOM and asynchronous code.',
      kind: 'course',
    },
    {
      id: 'react',
      title: 'React crash course',
      path: '/frontend/react',
      description: 'Components, state, effects and hooks.',
      kind: 'course',
    },
    {
      id: 'web-dev-fundamentals',
      title: 'Web development fundamentals',
      path: '/frontend/web-dev-fundamentals',
      description: 'Browsers, HTTP, performance and security.',
      kind: 'course',
    },
    {
      id: 'coding-questions',
      title: 'Frontend coding questions',
      path: '/frontend/coding-questions',
      description: 'Build components and utilities against tests.',
      kind: 'questions',
      questions: 'coding',
    },
    {
      id: 'quiz',
      title: 'Frontend quiz',
      path: '/frontend/quiz',
      description: 'Check your frontend knowledge.',
      kind: 'quiz',
    },
  ],
};

const infraexpert: Product = {
  ...productIndex.infraexpert,
  subject: 'Infrastructure',
  headline: 'Ace the infrastructure interviews.',
  pitch:
    'Operating systems, networking, containers and cloud, taught as a crash course, then practised with coding and design questions.',
  features: [
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['crash-course']),
        'An infrastructure crash course',
        (n) => `An infrastructure crash course in ${n} lessons, from Linux to CI/CD`,
      ),
    ({ summary }) =>
      quote(
        summary?.codingQuestions,
        'Infrastructure coding questions',
        (n) => `${n} infrastructure coding questions in shell, Python and Go, judged against tests`,
      ),
    ({ summary }) =>
      quote(
        summary?.designQuestions,
        'Infrastructure design questions',
        (n) => `${n} infrastructure design questions with walkthroughs`,
      ),
    ({ summary }) =>
      quote(summary?.quizQuestions, 'An infrastructure quiz', (n) => `A ${n}-question infrastructure quiz`),
  ],
  sections: [
    {
      id: 'crash-course',
      title: 'Infrastructure crash course',
      path: '/infrastructure/crash-course',
      description: 'Linux, networking, containers, orchestration and the cloud.',
      kind: 'course',
    },
    {
      id: 'coding-questions',
      title: 'Infrastructure coding questions',
      path: '/infrastructure/coding-questions',
      description: 'Scripts and tools written against tests.',
      kind: 'questions',
      questions: 'coding',
    },
    {
      id: 'design-questions',
      title: 'Infrastructure design questions',
      path: '/infrastructure/design-questions',
      description: 'Design deployment, monitoring and scaling setups.',
      kind: 'questions',
      questions: 'design',
    },
    {
      id: 'quiz',
      title: 'Infrastructure quiz',
      path: '/infrastructure/quiz',
      description: 'Check what you learned.',
      kind: 'quiz',
    },
  ],
};

/** The iOS courses (`/ios/:courseId/:lessonId?`), each a lesson kind of its own. */
export const iosCourseIds = [
  'swift-fundamentals',
  'swiftui',
  'uikit',
  'concurrency',
  'architecture',
] as const;

const iosCourseTitles: Record<(typeof iosCourseIds)[number], [string, string]> = {
  'swift-fundamentals': [
    'Swift fundamentals',
    'Optionals, value semantics, enums, protocols, errors and ARC.',
  ],
  swiftui: ['SwiftUI', 'Views and modifiers, state and data flow, lists, layout and animation.'],
  uikit: ['UIKit', 'View controllers, Auto Layout, table and collection views, navigation.'],
  concurrency: ['Concurrency', 'GCD, async/await, structured tasks, actors and the main actor.'],
  architecture: ['Architecture', 'MVVM and friends, dependency injection, networking and persistence.'],
};

const iosexpert: Product = {
  ...productIndex.iosexpert,
  subject: 'iOS development',
  headline: 'Ace the iOS interviews.',
  pitch:
    'Swift, SwiftUI, UIKit, concurrency and app architecture explained for interviews, with a quiz to check yourself.',
  features: [
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['swift-fundamentals']),
        'A Swift fundamentals course',
        (n) => `A Swift fundamentals course in ${n} lessons`,
      ),
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['swiftui', 'uikit']),
        'SwiftUI and UIKit courses',
        (n) => `SwiftUI and UIKit courses: ${n} lessons`,
      ),
    ({ summary }) =>
      quote(
        lessonsIn(summary, ['concurrency', 'architecture']),
        'Concurrency and app architecture',
        (n) => `Concurrency and app architecture in ${n} lessons`,
      ),
    ({ summary }) => quote(summary?.quizQuestions, 'An iOS quiz', (n) => `A ${n}-question iOS quiz`),
  ],
  sections: [
    ...iosCourseIds.map((id): ProductSection => ({
      id,
      title: iosCourseTitles[id][0],
      path: `/ios/${id}`,
      description: iosCourseTitles[id][1],
      kind: 'course',
    })),
    {
      id: 'quiz',
      title: 'iOS quiz',
      path: '/ios/quiz',
      description: 'Check your iOS knowledge.',
      kind: 'quiz',
    },
  ],
};

/** The blockchain courses of spec 2 (`/blockchain/<course>/:lessonId?`). */
export const blockchainCourseIds = [
  'blockchain-fundamentals',
  'ethereum-and-smart-contracts',
  'solidity-fundamentals',
  'advanced-solidity',
  'interacting-with-smart-contracts',
  'web3-tools',
] as const;

const blockchainCourseTitles: Record<(typeof blockchainCourseIds)[number], [string, string]> = {
  'blockchain-fundamentals': ['Blockchain fundamentals', 'Hashing, blocks, consensus and wallets.'],
  'ethereum-and-smart-contracts': ['Ethereum and smart contracts', 'Accounts, gas and the EVM.'],
  'solidity-fundamentals': ['Solidity fundamentals', 'Types, functions and contract structure.'],
  'advanced-solidity': ['Advanced Solidity', 'Inheritance, libraries, assembly and security.'],
  'interacting-with-smart-contracts': [
    'Interacting with smart contracts',
    'Calling contracts from scripts and web apps.',
  ],
  'web3-tools': ['Web3 tools', 'Frameworks, test networks and deployment.'],
};

const blockchainexpert: Product = {
  ...productIndex.blockchainexpert,
  subject: 'Blockchain development',
  headline: 'Become a blockchain developer.',
  pitch:
    'From how blockchains work to writing, testing and shipping Solidity contracts, with practice questions, assessments and projects.',
  features: [
    ({ summary }) =>
      quote(
        lessonsIn(summary, blockchainCourseIds),
        'Six courses from fundamentals to Web3 tools',
        (n) => `${n} lessons in six courses, from fundamentals to Web3 tools`,
      ),
    ({ summary }) =>
      quote(
        summary?.practiceQuestions,
        'Practice questions after every lesson',
        (n) => `${n} practice questions after the lessons`,
      ),
    ({ summary }) =>
      quote(
        summary?.assessmentQuestions,
        'Course assessments',
        (n) => `Course assessments: ${n} questions across the six courses`,
      ),
    ({ summary }) =>
      quote(
        summary?.codingQuestions,
        'Solidity questions judged in a real EVM',
        (n) => `${n} Solidity questions compiled with solc and judged in a real EVM`,
      ),
    ({ summary }) =>
      quote(
        summary?.projects,
        'Hands-on projects',
        (n) => `${n} hands-on projects built milestone by milestone`,
      ),
  ],
  sections: [
    ...blockchainCourseIds.map((id): ProductSection => ({
      id,
      title: blockchainCourseTitles[id][0],
      path: `/blockchain/${id}`,
      description: blockchainCourseTitles[id][1],
      kind: 'course',
    })),
    {
      id: 'coding-questions',
      title: 'Solidity questions',
      path: '/blockchain/coding-questions',
      description: 'Write contracts that solc compiles and an EVM runs against hidden test scenarios.',
      kind: 'questions',
      questions: 'coding',
    },
    {
      id: 'projects',
      title: 'Projects',
      path: '/blockchain/projects',
      description: 'Bigger contracts built milestone by milestone: a crowdfunding campaign, an NFT, a pool.',
      kind: 'projects',
    },
  ],
};

const backendexpert: Product = {
  ...productIndex.backendexpert,
  subject: 'Backend engineering',
  headline: 'Ace the backend interviews.',
  pitch: 'APIs, databases and servers for backend interviews.',
  features: ['A backend crash course', 'A backend quiz'],
  sections: [],
};

const programmingexpert: Product = {
  ...productIndex.programmingexpert,
  subject: 'Learning to program',
  headline: 'Learn to program.',
  pitch: 'A programming course for beginners, hosted on its own site.',
  features: ['A beginner-friendly programming course'],
  sections: [],
};

export const products: Record<ProductId, Product> = {
  algoexpert,
  systemsexpert,
  mlexpert,
  frontendexpert,
  infraexpert,
  iosexpert,
  blockchainexpert,
  backendexpert,
  programmingexpert,
};

/** The eight products of the navigation drawer, in the spec's order (the disabled backend left out). */
export const navigationProducts: readonly Product[] = [
  algoexpert,
  systemsexpert,
  mlexpert,
  frontendexpert,
  infraexpert,
  iosexpert,
  blockchainexpert,
  programmingexpert,
];

export function findSection(product: Product, sectionId: string): ProductSection | undefined {
  return product.sections.find((section) => section.id === sectionId);
}

/** 'two-sum' → 'Two Sum': route ids shown as titles until their content exists. */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
