import { describeUpgrades } from '../test/upgrade-cases.js';

// The first half of the migrations as starting points (test/upgrade-cases.ts).
describeUpgrades('earlier');
