-- End-to-end test of `robolint lsp` with Neovim's built-in LSP client.
--
-- Run by tests/nvim/run.sh from the repository's root, with the robolint binary first on
-- PATH and E2E_DIR an empty temporary folder. The client is started by docs/editors.md's recipe
-- for this Neovim, run exactly as docs/editors.md shows it, so the recipes users copy are the ones
-- tested. Exits 0 when every check passes, 1 with a message otherwise.

local dir = os.getenv('E2E_DIR')
local TIMEOUT_MS = 20000

-- A glob finding after a 2-byte `é` and a 4-byte emoji: LSP column 14 (UTF-16 units),
-- which Neovim must turn into byte column 17. Text follows it on its line, so a server
-- that counted bytes would be caught (Neovim clamps a column past the end of a line).
-- And a line with no colon.
local GLOB_LINE = 'Disallow: /é😀* # after the emoji'
local ROBOTS = table.concat({ '# é 😀', 'User-agent: *', GLOB_LINE, 'Disallow /private/', '' }, '\n')

local function fail(message)
  error(message, 0)
end

local function check(condition, message)
  if not condition then
    fail(message)
  end
end

local function write_file(path, text)
  local file = assert(io.open(path, 'w'))
  file:write(text)
  file:close()
end

local function wait_for(what, predicate)
  check(vim.wait(TIMEOUT_MS, predicate, 20), 'timed out waiting for ' .. what)
end

-- docs/editors.md's Lua block whose first line is `marker`.
local function readme_recipe(marker)
  local readme = assert(io.open('docs/editors.md')):read('*a')
  for block in readme:gmatch('```lua\n(.-)```') do
    if block:sub(1, #marker) == marker then
      return block
    end
  end
  fail('docs/editors.md has no Lua block starting with ' .. marker)
end

-- Runs docs/editors.md's recipe for this Neovim, which starts the client when a robots buffer opens.
local function run_readme_recipe()
  local marker = vim.lsp.config and '-- Neovim 0.11 and later' or '-- Neovim 0.7 to 0.10'
  io.stdout:write('recipe: ' .. marker .. '\n')
  local recipe = assert(loadstring(readme_recipe(marker)))
  recipe()
end

local function attached_client(bufnr)
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(clients) do
    if client.name == 'robolint' then
      return client.id
    end
  end
end

-- Older Neovim keeps the LSP code under user_data.
local function code_of(diagnostic)
  return diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
end

local function diagnostics_by_code(bufnr)
  local by_code = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
    by_code[code_of(diagnostic)] = diagnostic
  end
  return by_code
end

local function describe(diagnostics)
  local lines = {}
  for code, d in pairs(diagnostics) do
    table.insert(lines, string.format('%s at %d:%d', code, d.lnum, d.col))
  end
  table.sort(lines)
  return table.concat(lines, ', ')
end

-- Line and column as Neovim stores them: 0-based, the column in bytes.
local function expect_at(diagnostics, code, lnum, col)
  local found = diagnostics[code]
  check(found, code .. ' was not reported; got: ' .. describe(diagnostics))
  check(
    found.lnum == lnum and found.col == col,
    string.format('%s at %d:%d, expected %d:%d', code, found.lnum, found.col, lnum, col)
  )
end

local function code_actions(bufnr, line, character)
  local position = { line = line, character = character }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = position, ['end'] = position },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, TIMEOUT_MS)
  check(responses, 'no answer to textDocument/codeAction')
  local actions = {}
  for _, response in pairs(responses) do
    check(not response.err, 'textDocument/codeAction failed: ' .. vim.inspect(response.err))
    vim.list_extend(actions, response.result or {})
  end
  return actions
end

-- Applies the code action called `title` at an LSP position (UTF-16 column).
local function apply_action(bufnr, line, character, title)
  local actions = code_actions(bufnr, line, character)
  local titles = {}
  for _, action in ipairs(actions) do
    if action.title == title then
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
      return
    end
    table.insert(titles, action.title)
  end
  fail(string.format('no code action "%s"; got: %s', title, table.concat(titles, ' | ')))
end

local function expect_line(bufnr, lnum, expected)
  local actual = vim.api.nvim_buf_get_lines(bufnr, lnum, lnum + 1, false)[1]
  check(actual == expected, string.format('line %d is %q, expected %q', lnum, tostring(actual), expected))
end

local function main()
  check(dir and vim.fn.executable('robolint') == 1, 'put robolint on PATH and set E2E_DIR (run tests/nvim/run.sh)')
  vim.cmd('filetype on')
  run_readme_recipe()
  local path = dir .. '/robots.txt'
  write_file(path, ROBOTS)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  check(vim.bo[bufnr].filetype == 'robots', 'robots.txt has the filetype ' .. vim.bo[bufnr].filetype)
  wait_for('the recipe to start robolint', function()
    return attached_client(bufnr) ~= nil
  end)
  local client_id = attached_client(bufnr)

  wait_for('diagnostics', function()
    local found = diagnostics_by_code(bufnr)
    return found.RL301 ~= nil and found.RL101 ~= nil
  end)
  local found = diagnostics_by_code(bufnr)
  io.stdout:write('diagnostics: ' .. describe(found) .. '\n')
  expect_at(found, 'RL301', 2, 17)
  expect_at(found, 'RL101', 3, 0)
  check(found.RL301.source == 'robolint', 'source is ' .. tostring(found.RL301.source))

  -- The quick fixes, applied as Neovim applies any workspace edit.
  apply_action(bufnr, 3, 0, 'Insert `:` after `Disallow`')
  expect_line(bufnr, 3, 'Disallow: /private/')
  apply_action(bufnr, 2, 14, 'Replace `/é😀*` with `/é😀`')
  expect_line(bufnr, 2, 'Disallow: /é😀 # after the emoji')

  -- Neovim sends the edits as incremental changes; the server relints.
  wait_for('the fixed findings to go', function()
    local now = diagnostics_by_code(bufnr)
    return now.RL301 == nil and now.RL101 == nil and now.RL109 ~= nil
  end)
  io.stdout:write('after the fixes: ' .. describe(diagnostics_by_code(bufnr)) .. '\n')

  vim.lsp.stop_client(client_id)
  wait_for('the server to stop', function()
    return vim.lsp.get_client_by_id(client_id) == nil
  end)
end

local ok, problem = xpcall(main, debug.traceback)
if ok then
  io.stdout:write('e2e: ok\n')
  vim.cmd('qall!')
else
  io.stderr:write('e2e: FAILED: ' .. tostring(problem) .. '\n')
  vim.cmd('cquit 1')
end
