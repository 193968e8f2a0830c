/* markdown.h - Markdown text for the library's writers (markdown.c): the
 * report's summary and the comparison's. */
#ifndef TCO_WRITE_MARKDOWN_H
#define TCO_WRITE_MARKDOWN_H

#include <stdio.h>

/* Text from a scenario (NULL: nothing), escaped so that it renders as
 * written, in a table cell too: Markdown's punctuation gets a backslash,
 * control characters become spaces. */
void tci_md_text(FILE *out, const char *s);

#endif /* TCO_WRITE_MARKDOWN_H */
