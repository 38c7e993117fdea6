#!/usr/bin/env node
/**
 * What indexing Japanese by pairs of characters costs the search index
 * (webapp/src/searchOptions.js), for docs/languages.md:
 *
 *   node tools/search-index-size.mjs [ARTICLES] [CHARACTERS]
 *
 * writes ARTICLES (default 50) Japanese articles of about CHARACTERS
 * (default 3000) characters each, from 200 common words run together as
 * Japanese is written (a sentence end every twelve words), indexes them
 * with the site's options and with MiniSearch's own word splitting, and
 * prints the size of each index as JSON (and brotli-compressed, as it is
 * sent), its number of terms, and how many articles each finds for a word
 * that every article has inside its sentences. The same arguments always give
 * the same figures.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import MiniSearch from 'minisearch';
import { searchOptions } from '../webapp/src/searchOptions.js';
import { seededRandom } from './seededRandom.mjs';

const [count = 50, length = 3000] = process.argv.slice(2).map(Number);
const words = (
  '日本 語 文章 検索 単語 空白 索引 文字 方法 作る 使う 読む 書く 早い 小さい 大きい 新しい 古い 仕事 開発 ' +
  '設計 試験 速度 画面 利用者 情報 機能 問題 解決 時間 場合 必要 可能 理由 結果 自分 今日 明日 最初 最後 ' +
  '全部 部分 例えば しかし そして また ので から まで です ます でした ません という こと もの ため よう なる ' +
  'ある いる する できる 考える 思う 見る 言う 行く 来る 分かる 知る 入れる 出す 始める 終わる 続ける 変える ' +
  '決める 選ぶ 送る 受ける 持つ 待つ 探す 見つける 動く 止める 開く 閉じる 表示 入力 出力 保存 読み込み ' +
  '書き込み 変換 計算 比較 測定 確認 修正 追加 削除 更新 公開 配信 圧縮 展開 暗号 証明書 通信 接続 要求 応答 ' +
  '処理 並列 非同期 同期 関数 変数 値 配列 辞書 文字列 数値 例外 記録 設定 環境 構成 依存 翻訳 言語 地域 ' +
  '日付 時刻 番号 名前 住所 電話 写真 一覧 詳細 概要 説明 注意 警告 成功 失敗 開始 完了 東京 大阪 京都 春 夏 ' +
  '秋 冬 朝 昼 夜 週 月 年 人 手 目 心 力 道 家 店 駅 車 電車 雨 雪 風 空 海 山 川 花 木 犬 猫 本 紙 机 部屋 ' +
  '学校 先生 学生 友達 家族 会社 社員 会議 資料 予定 連絡 返事 質問 答え 意見 提案 計画 準備 練習 勉強'
).split(' ');

const next = seededRandom(34);
const word = () => words[Math.floor(next() * words.length)];

const articles = Array.from({ length: count }, (_, index) => {
  let body = '';
  while (body.length < length) body += `${Array.from({ length: 12 }, word).join('')}。`;
  return { path: `/article/${index + 1}`, title: word() + word(), description: '', tags: [], body };
});
const asWords = { ...searchOptions };
delete asWords.tokenize;
const measure = (options) => {
  const index = new MiniSearch(options);
  index.addAll(articles);
  const json = Buffer.from(JSON.stringify(index));
  const brotli = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { bytes: json.length, brotli, terms: index.termCount, found: index.search('検索').length };
};
const characters = articles.reduce((sum, { body }) => sum + body.length, 0);
const withPairs = measure(searchOptions);
const withWords = measure(asWords);
console.log(`${count} articles, ${characters} characters; a search for 検索 among them:`);
for (const [name, { bytes, brotli, terms, found }] of [
  ['pairs of characters', withPairs],
  ["MiniSearch's words ", withWords],
])
  console.log(`  ${name}: ${bytes} B of JSON (${brotli} B brotli), ${terms} terms, finds ${found}`);
