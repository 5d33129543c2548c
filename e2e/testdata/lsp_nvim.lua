-- Drives `oncard lsp` from neovim 0.7 (Debian's): vim.lsp.start_client and
-- buf_attach_client, as a user's config without lspconfig does. Reads
-- ONCARD_BIN, ONCARD_CARD and ONCARD_OUT from the environment, writes what
-- the editor got as JSON to ONCARD_OUT and quits.
local out = {}
local function finish()
  local f = io.open(vim.env.ONCARD_OUT, "w")
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = "oncard",
    cmd = { vim.env.ONCARD_BIN, "lsp" },
    root_dir = vim.fn.fnamemodify(vim.env.ONCARD_CARD, ":h"),
    settings = { oncard = { failOn = "error" } },
  })
  if not client_id then
    error("start_client failed")
  end
  vim.cmd("edit " .. vim.fn.fnameescape(vim.env.ONCARD_CARD))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)

  -- The diagnostics of the card as opened.
  vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out.diagnostics, { line = d.lnum, col = d.col, code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code), message = d.message, severity = d.severity })
  end

  local uri = vim.uri_from_bufnr(buf)
  local function request(method, line, character)
    local res = vim.lsp.buf_request_sync(buf, method,
      { textDocument = { uri = uri }, position = { line = line, character = character } }, 30000)
    for _, r in pairs(res or {}) do
      if r.err then error(method .. ": " .. vim.inspect(r.err)) end
      return r.result
    end
  end
  local pos = vim.fn.json_decode(vim.env.ONCARD_POSITIONS)

  local completion = request("textDocument/completion", pos.complete[1], pos.complete[2])
  out.completion = {}
  for _, item in ipairs((completion and completion.items) or completion or {}) do
    table.insert(out.completion, item.label)
  end
  local hover = request("textDocument/hover", pos.hover[1], pos.hover[2])
  out.hover = hover and hover.contents and hover.contents.value or ""

  -- A change typed in the buffer: the duplicate skill id renamed. The
  -- editor sends it as an incremental change; the finding goes away.
  vim.api.nvim_buf_set_text(buf, pos.rename[1], pos.rename[2], pos.rename[1], pos.rename[3], { "again" })
  vim.wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message:find("already used") then return false end
    end
    return true
  end, 20)
  out.after = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out.after, d.message)
  end
  -- The quick fix of the member written under its proto name: asked for
  -- where the diagnostic is, applied as neovim applies a workspace edit.
  local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = { line = pos.fix[1], character = pos.fix[2] }, ["end"] = { line = pos.fix[1], character = pos.fix[2] } },
    context = { diagnostics = {} },
  }, 30000)
  out.actions = {}
  for _, r in pairs(actions or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(out.actions, a.title)
      if #out.actions == 1 then
        vim.lsp.util.apply_workspace_edit(a.edit, "utf-16")
      end
    end
  end
  out.fixed = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  vim.wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message:find("proto field name") then return false end
    end
    return true
  end, 20)
  out.afterFix = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out.afterFix, d.message)
  end

  vim.lsp.stop_client(client_id)
  vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 20)
  out.stopped = vim.lsp.client_is_stopped(client_id)
end)
if not ok then
  out.error = tostring(err)
end
finish()
