import { Testing } from 'cdktf';
// The adapter import brings the matchers' types; setupJest() registers them with jest.
import 'cdktf/lib/testing/adapters/jest';

Testing.setupJest();
