"""The rule text: every statement that describes a rules value, the game at a glance, and the glossary.

`describe.describe_rules` gives a rules value's statements by section (written in `describe_play` and
`describe_scoring`, sharing `describe_common`); `overview` gives the sheets' summary paragraph and ten points
in brief; `glossary` the terms and their meanings. The words themselves are in the message catalogues
(`sixcardgolf.messages`), and the names of options and their values in `sixcardgolf.option_text`, below this
package, because the rules value's own errors use them.
"""
