// utif2, imported through this file so that TypeScript reads ./utif.d.ts instead of the package's own
// typings, which begin with `import 'node'` and would bring Node's globals into the renderer's type check.
export { default } from 'utif2';
