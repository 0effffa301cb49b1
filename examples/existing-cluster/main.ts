import { App } from 'cdktf';
import { buildExistingClusterApp } from './app';

const app = new App();
buildExistingClusterApp(app);
app.synth();
