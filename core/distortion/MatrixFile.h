#pragma once
// Distortion matrices read from and written to CSV files.
//
// File format (UTF-8 text; a leading byte-order mark is skipped):
// - One data row per randomized value u, one column per original value v; the entry is P(u | v),
//   so every COLUMN sums to 1 (003 eq. 2.1; the transpose of sdcMicro's row-stochastic layout).
// - Fields are separated by commas; spaces and tabs around a field are ignored. A field may be
//   double-quoted ("a, b"; "" inside quotes is a quote). Lines starting with '#' and blank lines are
//   skipped. Line ends: LF, CRLF or CR.
// - Entries are decimal numbers (0.25, 2.5e-1) or fractions a/b (1/3), so exact rows can be written.
// - Optional header row: the first row is a header when any of its fields is quoted or holds a
//   character no number has (a letter other than e/E), or when it starts with an empty corner cell. It holds the category labels, one per column, in the attribute's order; when given they
//   must equal the attribute's categories. Quote numeric labels: "0","1".
// - Optional row labels: when the header starts with an empty field (the corner, as R's write.csv
//   writes it), every data row starts with its label, which must equal the column label of the same
//   position (row u is randomized value u).
// - Limits, checked before anything is allocated for them: at most kMaxMatrixCategories (512) rows
//   and columns, at most kMaxMatrixFileBytes (8 MiB) of text.
// Example (a binary attribute kept with probability 0.7 when 0 and 0.9 when 1):
//   "0","1"
//   0.7,0.1
//   0.3,0.9
#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

inline constexpr std::size_t kMaxMatrixFileBytes = std::size_t(8) << 20;

struct MatrixText {
    Eigen::MatrixXd matrix;          // rows = randomized value u, columns = original value v
    std::vector<std::string> labels; // category labels from the header; empty when there is none
};

// Parses the text of a matrix file; `sourceName` names it in messages. Checks the syntax and the
// shape (same number of fields in every row, rows = columns, labels consistent) but not the
// probabilities: see validateDistortionMatrix. Throws InputError naming the source, the line and
// the field. Never reads past `text`; safe on any bytes (fuzzed).
MatrixText parseMatrixCsv(std::string_view text, const std::string& sourceName = "");

// Reads and parses a file (refusing files over kMaxMatrixFileBytes). Throws InputError.
MatrixText readMatrixFile(const std::string& path);

// Checks a parsed matrix against an attribute: labels (when present) equal `categories` in order,
// size d = categories.size(), and validateDistortionMatrix. Throws InputError naming the file.
void checkMatrixForAttribute(const MatrixText& parsed, const std::string& sourceName, const std::string& attribute,
                             const std::vector<std::string>& categories);

// The file text for a matrix: a quoted header of labels (when given) and rows written with 17
// significant digits, so parseMatrixCsv(formatMatrixCsv(m, l)) gives m and l back exactly.
std::string formatMatrixCsv(const Eigen::MatrixXd& m, const std::vector<std::string>& labels = {});

} // namespace rr
