// cdktf's matchers (toHaveResource and the rest) for every test file. Testing.setupJest() only calls this
// function; importing it from the adapter, not from the cdktf root, spares each test file that never synthesizes
// a stack loading all of cdktf (half a second per file on a loaded 2-core machine).
import { setupJest } from 'cdktf/lib/testing/adapters/jest';

setupJest();
