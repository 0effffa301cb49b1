// Moved to ec2nodeclass-cel-rules.ts so that its history follows; the next commit splits it into rooms.
export { EC2NODECLASS_SPEC_SCHEMA, validateEc2NodeClass } from './ec2nodeclass-cel-rules';
