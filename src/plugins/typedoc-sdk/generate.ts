/**
 * The TypeDoc run of the build, in a process of its own (./docusaurus.ts starts
 * it and waits): reads the request as JSON on stdin, runs docusaurus-plugin-typedoc
 * as Docusaurus would, and exits, handing TypeDoc's memory back to the system.
 * Node runs this file as it is (type stripping).
 */
import {text} from 'node:stream/consumers';
import pluginDocusaurus from 'docusaurus-plugin-typedoc';
import type {GenerateRequest} from './docusaurus.ts';

const {siteDir, docs, options} = JSON.parse(await text(process.stdin)) as GenerateRequest;
// The plugin reads only the site folder and the docs options, where the classic preset would hold them.
const context = {siteDir, siteConfig: {presets: [['classic', {docs}]]}};
await pluginDocusaurus(context as unknown as Parameters<typeof pluginDocusaurus>[0], options);
