import { Testing } from 'cdktf';

// Registers cdktf's jest matchers (toHaveResourceWithProperties, toBeValidTerraform, ...);
// importing the jest adapter alone only brings in their types.
Testing.setupJest();
