#pragma once
// The first rows of a CSV file as the reader would split them with given options, for an import dialog:
// reads one bounded block, never the whole file.
#include "core/data/CsvReader.h"

#include <string>
#include <vector>

namespace rr {

struct CsvPreview {
    char delimiter = ',';             // as given, or detected from the first line
    std::vector<std::string> columns; // the options' columnNames, header names, or "1".."n" without a header
    std::vector<std::vector<std::string>> rows;
    std::vector<std::vector<bool>> missing; // a field equal to one of the missing tokens
    bool truncated = false;                 // the file has more rows than shown
    std::string problem; // why the rows do not fit (ragged row, repeated header name, names for another number of
                         // columns); empty when they do
};

// Reads at most `maxBytes` from the start of `path` and splits up to `maxRows` data rows with `options`'
// delimiter (0: detected), header and missing tokens. Throws InputError for a file that cannot be read or
// malformed CSV in the block read; a ragged row or a repeated header name is reported in `problem`.
CsvPreview previewCsv(const std::string& path, const CsvOptions& options, std::size_t maxRows = 20,
                      std::size_t maxBytes = std::size_t(1) << 16);

} // namespace rr

namespace rr {

// True when every header name reads as a number (COIL's "33", "1", ...): the first line is data.
bool headerLooksLikeData(const CsvPreview& preview);

// Options for opening `path` without asking: no header row when the first line looks like data or names a
// column twice; the delimiter stays detected per file (0).
CsvOptions guessCsvOptions(const std::string& path);

} // namespace rr
