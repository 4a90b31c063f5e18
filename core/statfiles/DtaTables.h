#pragma once
// A Stata file's strL and value-label tables checked against their own sizes and the file's before
// ReadStat reads them. ReadStat stops reading value labels without a word at a table whose counts do not fit
// (n = 2^31 labels drops every variable's labels) and takes a strL's length as declared; this refuses such
// a file with the field named, as the .sav reader refuses counts its file cannot hold. Layouts: Stata's dta
// documentation (117-119: 5.10 strLs, 5.11 value labels; 113-115: 5.6 value labels), as ReadStat's
// readstat_dta_read.c reads them (dta_read_strls, dta_handle_value_labels).
#include <string>

namespace rr {

// InputError naming the file, the table and the field when a count claims more than the file holds. A
// header this project does not read (another release, a damaged file) is left to ReadStat, which says why.
void checkDtaTables(const std::string& path);

} // namespace rr
