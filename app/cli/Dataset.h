#pragma once
// Loading the data a command works on, as every command does it: --data files, missing
// tokens, count column, which records are analysed, and the retention p of each attribute.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/contingency/ContingencyTable.h"
#include "core/data/CsvReader.h"
#include "core/data/Table.h"
#include "core/distortion/DistortionMatrix.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr::cli {

// --data, --count-column, --missing: the options of every command that reads data.
std::vector<OptionSpec> dataOptions();
// --drop-incomplete: for commands that analyse a subset of attributes.
OptionSpec dropIncompleteOption();
// --p NAME=VALUE,...
OptionSpec retentionOption();

CsvOptions csvOptions(const Options& options);
// The --data files, concatenated (same header required), as loaded.
Table loadTable(const Options& options);
// The token written for a missing value: the first --missing token ('?' by default).
std::string missingToken(const Options& options);

// The records a command analyses and the attributes it uses (indices into `table`).
struct Records {
    Table table;                 // kept records only; categories are those present in them
    std::size_t droppedRows = 0; // records dropped for a missing value
    std::vector<int> attributes; // indices of the used attributes, in the order named
    std::vector<std::string> names;
};

// Keeps the records complete in the used attributes (or in every column with --drop-incomplete).
Records selectRecords(const Table& raw, const std::vector<std::string>& names, const Options& options);

// 0, 1, ..., rowCount - 1.
std::vector<uint32_t> allRows(const Table& table);

// The retention p of each attribute in `attributes` (1 unless --p gives it). Every p given is
// checked with checkRetention against the attribute's categories; a --p name that is not
// among the command's attributes is an InputError naming it.
std::vector<double> retentions(const Options& options, const Table& table, const std::vector<int>& attributes);

// Warner matrix (003 eq. 5.2) per attribute for the given retentions.
std::vector<DistortionMatrix> warnerMatrices(const Table& table, const std::vector<int>& attributes,
                                             const std::vector<double>& p);

// {attribute: category} of one cell of `joint`, a table over `attributes` of `table` in order.
Json cellValues(const Table& table, const std::vector<int>& attributes, const ContingencyTable& joint,
                std::size_t cell);
// {attribute: value}, one value per attribute.
Json attributeValues(const Table& table, const std::vector<int>& attributes, const std::vector<double>& values);

// "A, B, C" for messages.
std::string joinNames(const std::vector<std::string>& names);

} // namespace rr::cli
