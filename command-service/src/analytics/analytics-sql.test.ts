import { DomainError } from '@app/contracts';
import { loadSqlParser, prepareAnalyticsSql } from './analytics-sql';

beforeAll(() => loadSqlParser());

const refusal = (sql: string) => {
  const prepared = prepareAnalyticsSql(sql, { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' });
  if (!(prepared instanceof DomainError)) throw new Error(`not refused: ${sql}`);
  return { code: prepared.code, message: prepared.message };
};

describe('analytics SQL: given an analyst SQL text, when prepared, then', () => {
  it('a SELECT, WITH, VALUES or TABLE runs as written', () => {
    for (const sql of [
      'SELECT 1',
      'with d as (select day from analytics.correct_days) select count(*) from d',
      'VALUES (1), (2)',
      'TABLE analytics.learners',
      'SELECT 1 UNION ALL SELECT 2;',
    ]) {
      expect(prepareAnalyticsSql(sql)).toEqual({ text: sql, values: [] });
    }
  });

  it(':from and :to become timestamptz bind parameters, each numbered once; strings, comments and casts keep theirs', () => {
    const sql = "SELECT ':from', x::date, a[1:2] FROM t -- :to\nWHERE d >= :from AND d < :TO AND e > :from";
    expect(prepareAnalyticsSql(sql, { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' })).toEqual({
      text: "SELECT ':from', x::date, a[1:2] FROM t -- :to\nWHERE d >= $1::timestamptz AND d < $2::timestamptz AND e > $1::timestamptz",
      values: ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
    });
  });

  it('a parameter used but not given is refused by name', () => {
    expect(prepareAnalyticsSql('SELECT :to')).toMatchObject({
      code: 'ANALYTICS_QUERY_REFUSED',
      message: 'The SQL uses :to; give params.to.',
    });
  });

  it('two statements are refused, also when a comment or a string seems to hide the second', () => {
    expect(refusal('SELECT 1; SELECT 2')).toEqual({
      code: 'ANALYTICS_QUERY_REFUSED',
      message: 'Run one statement at a time: the SQL holds 2 statements.',
    });
    expect(refusal('SELECT 1 /* harmless */; DROP TABLE analytics.learners -- ;').message).toBe(
      'Run one statement at a time: the SQL holds 2 statements.',
    );
    // A statement inside a comment or a string is no statement: this one is a single SELECT.
    expect(prepareAnalyticsSql("SELECT '; DROP TABLE x' /* ; DELETE FROM y */")).toMatchObject({
      values: [],
    });
  });

  it('writes, DDL, SET, COPY and SELECT INTO are refused with what they are', () => {
    expect(refusal('INSERT INTO analytics.learners DEFAULT VALUES').message).toBe(
      'Only SELECT queries run here; this is an INSERT statement.',
    );
    expect(refusal('CREATE TABLE x (a int)').message).toBe(
      'Only SELECT queries run here; this is a CREATE statement.',
    );
    expect(refusal('SET ROLE postgres').message).toBe(
      'Only SELECT queries run here; this is a VARIABLE SET statement.',
    );
    expect(refusal("COPY (SELECT 1) TO PROGRAM 'id'").message).toBe(
      'Only SELECT queries run here; this is a COPY statement.',
    );
    expect(refusal('SELECT * INTO stolen FROM analytics.learners').message).toBe(
      'SELECT ... INTO creates a table: only reading is allowed.',
    );
    expect(refusal('SELECT * FROM analytics.learners FOR UPDATE').message).toBe(
      'FOR UPDATE and FOR SHARE lock rows: only reading is allowed.',
    );
    expect(
      refusal('WITH gone AS (DELETE FROM analytics.learners RETURNING *) SELECT * FROM gone').message,
    ).toBe('A WITH part writes (a DELETE statement): only reading is allowed.');
  });

  it('text that does not parse is refused with the parser message', () => {
    expect(refusal('SELEC 1')).toEqual({
      code: 'ANALYTICS_QUERY_REFUSED',
      message: 'The SQL does not parse: syntax error at or near "SELEC".',
    });
  });
});
