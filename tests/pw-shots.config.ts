import base from './playwright.config';
export default { ...base, use: { ...base.use, screenshot: 'on' }, outputDir: '/tmp/pw-shots' };
