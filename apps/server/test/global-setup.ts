import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';

export const templateDatabase = 'brigade_test_template';

/**
 * On real PostgreSQL (TEST_DATABASE_URL), migrate a template database once; each test file then
 * gets a fresh copy of it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.info('[api tests] on embedded PGlite (set TEST_DATABASE_URL to run them on PostgreSQL)');
    return;
  }
  console.info('[api tests] on PostgreSQL:', new URL(url).host);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase} with (force)`);
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();
  const template = new URL(url);
  template.pathname = `/${templateDatabase}`;
  const database = await openDatabase({ url: template.toString() });
  await database.migrate();
  await database.close();
}
