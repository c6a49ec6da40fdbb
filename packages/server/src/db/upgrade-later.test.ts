import { describeUpgrades } from '../test/upgrade-cases.js';

// The second half of the migrations as starting points (test/upgrade-cases.ts).
describeUpgrades('later');
