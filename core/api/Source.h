#pragma once
// The typed layer's first request: one way every front end opens a table. CSV files (one header,
// concatenated), one SPSS/Stata/SAS file, or a database table or query, then the owner's bins. The CLI
// fills the request from its options, the GUI from its dialogs, Python from its arguments.
#include "core/datasource/BinnedSource.h"
#include "core/datasource/DataSource.h"
#include "core/data/CsvReader.h"
#include "core/sources/SqlDataSource.h"
#include "core/statfiles/StatFormat.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct DatabaseRequest {
    std::string url;               // sqlite:, postgresql:, odbc: (core/sources/SqlUrl.h)
    std::string table, query;      // exactly one of the two
    sql::Credentials login;        // besides the URL's; a password is never printed
    sql::CredentialsPrompt prompt; // asked when the server refuses the login; none: the refusal is the error
    sql::SqlLimits limits;
    std::function<void(const std::string&)> warn; // the engine's warnings (e.g. a read-only mode it cannot set)
};

struct SourceRequest {
    std::vector<std::string> files;          // CSV files, or one statistical file
    std::optional<StatFormat> format;        // a statistical file's format; unset: by the files' extensions
    CsvOptions csv;                          // header, delimiter, names, missing tokens (also a database's), limits
    std::optional<DatabaseRequest> database; // instead of files
    std::vector<BinSpec> bins;               // numeric attributes cut into bins (core/data/Binning.h)
    ProgressFunction progress; // set: the files are read now, reporting; unset: a CSV file is read on first use
};

// InputError naming the problem: no data, files of different formats, more than one statistical file, a
// database request without exactly one of table and query; the readers' own errors as they are.
std::shared_ptr<const DataSource> openSource(const SourceRequest& request);

// A request's data: a source a front end already holds (a table in memory: Python's counts and data frames),
// binned by source.bins, else the source `source` opens.
struct DataRequest {
    SourceRequest source;
    std::shared_ptr<const DataSource> table;
};

std::shared_ptr<const DataSource> openData(const DataRequest& request);

// The statistical format the request's files are in (nothing for CSV), with the checks above.
std::optional<StatFormat> sourceFormat(const SourceRequest& request);

} // namespace rr::api
