// Registers cdktf's jest matchers (toHaveResourceWithProperties, toBeValidTerraform, ...).
import 'cdktf/lib/testing/adapters/jest';
