// The bottom layer of the core: constants and values the api, aws and controller folders share.
export * from './controller-nodes';
export * from './discovery';
export * from './ec2';
