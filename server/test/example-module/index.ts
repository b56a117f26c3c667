// The example module's door (tests only): loading it declares what example.declarations.ts holds.
import './example.declarations';
export { exampleSeedRuns } from './example.declarations';
