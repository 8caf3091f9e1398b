// libxml2's parser and XPath, for the mock server's matchesXPath (FoundationXML's XPath call
// dereferences a failed evaluation, so an invalid expression would crash the process).
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with Foundation's own ICU module;
// nothing used here needs them (only xmlCharEncodingHandler, never touched, changes layout).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#endif
