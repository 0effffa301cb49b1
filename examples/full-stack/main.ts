import { App } from 'cdktf';
import { buildFullStackApp } from './app';

const app = new App();
buildFullStackApp(app);
app.synth();
