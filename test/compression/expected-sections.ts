// The start every strategy's first USER message shares for the test agent (test/agent/fixtures.ts):
// the mission, the tool/ and data/ sections, written out as the model reads them.
export const MISSION = 'Find well-reviewed products in stock';
export const TOOLS = [
  ';; === tool/ ===',
  '(tool/search-reviews category) ; (category :string) -> :string -- Review summary for a category',
  '(tool/get-inventory)          ; () -> :string',
].join('\n');
export const DATA = [
  ';; === data/ ===',
  'data/products                 ; list[4], sample: [{:name "Laptop" :price 1200 :category "Electronics"} {:name "Mouse" :price 25 :category "Electronics"} {:name "Desk" :price 300 :category "Furniture"} ...] (4 items, showing first 3)',
].join('\n');
