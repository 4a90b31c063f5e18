#include "app/cli/Dataset.h"

#include "app/cli/SensitiveTargets.h"
#include "app/cli/SessionOptions.h"

#include "app/cli/SqlOptions.h"
#include "core/api/ReleaseOutputs.h"
#include "core/api/Source.h"

#include "core/datasource/BinnedSource.h"
#include "core/datasource/CsvSource.h"
#include "core/data/ColumnNames.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/statfiles/StatFileSource.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <thread>

namespace rr::cli {

std::vector<OptionSpec> dataOptions()
{
    std::vector<OptionSpec> out{
        {"data", "FILE",
         "CSV file with a header row (',' ';' or tab); repeat to concatenate files with the same header. SPSS "
         "(.sav, .zsav, .por), Stata (.dta) and SAS (.sas7bdat, .xpt) files are read by their extension, one at a time",
         true},
        {"format", "F", "read --data as csv, sav, zsav, por, dta, sas7bdat or xpt whatever its extension"},
        {"count-column", "NAME", "column holding a record count (aggregated input); not an attribute"},
        {"missing", "TOKENS", "comma list of values meaning 'missing' (default \"?,\": '?' and an empty field)"},
        {"delimiter", "C", "the field delimiter: ',', ';', 'tab' or one character (default: detected in the header)"},
        {"no-header", "", "the first line is a record; the columns are named 1, 2, ..."},
        {"names", "FILE",
         "column names in file order, replacing the header's (or 1, 2, ... with --no-header): one name per line, a "
         "data dictionary (\"1 MOSTYPE Customer Subtype\": number, name, description) or a one-line CSV header"},
        {"max-field-bytes", "N", "the longest field accepted (default 1 MiB)"},
        {"max-record-bytes", "N", "the longest record (line) accepted (default 16 MiB)"},
    };
    out.push_back({"bin", "NAME=SPEC",
                   "cut a numeric attribute into bins [a, b): NAME=0,18,30,inf (the owner's cut points), "
                   "NAME=width:K (K equal-width bins) or NAME=quantiles:K; values that are not numbers or lie outside "
                   "the cuts become missing (counted)",
                   true});
    for (auto& o : sqlOptions())
        out.push_back(std::move(o));
    out.push_back(sessionOption());
    return out;
}

std::vector<BinSpec> binSpecs(const Options& options)
{
    std::vector<std::string> bins;
    readOptions<std::vector<std::string>>(options, bins, {{"bin", appendText, false, true}});
    return parseBinSpecs(bins, "--bin");
}

OptionSpec dropIncompleteOption()
{
    return {"drop-incomplete", "",
            "drop records with a missing value in any column, as the papers do (default: only in the used attributes)"};
}

std::vector<OptionSpec> roleOptions()
{
    return {
        {"qi", "A,B,...", "quasi-identifiers (header names), the attributes an attacker may know"},
        {"sensitive", "S", "the sensitive attribute"},
    };
}

OptionSpec retentionOption()
{
    return {"p", "NAME=VALUE,...", "retention probability p in (1/d, 1] per attribute; unlisted attributes keep p = 1"};
}

namespace {

char delimiterNamed(const std::string& d)
{
    if (d == "tab" || d == "\\t")
        return '\t';
    if (d.size() == 1 && d != "\"" && d != "\n" && d != "\r" && d != " ")
        return d.front();
    throw InputError("--delimiter takes one character other than a quote, a space or a line break, or 'tab'; got '" +
                     d + "'");
}

// A byte limit of the CSV reader, in [16, 16 GiB].
std::function<void(CsvOptions&, const std::string&)> byteLimit(std::string option, std::size_t csv::Limits::*limit)
{
    return [option = std::move(option), limit](CsvOptions& csv, const std::string& v) {
        const unsigned long long n = parseUnsigned(v, option);
        if (n < 16 || n > (1ull << 34))
            throw InputError(option + " must lie in [16, 16 GiB], got " + v);
        csv.limits.*limit = static_cast<std::size_t>(n);
    };
}

// The CSV options before the column names, in the order they are checked.
std::vector<OptionBinding<CsvOptions>> csvFormatOptions()
{
    return {
        {"missing", [](CsvOptions& csv, const std::string& m) { csv.missingTokens = splitTokens(m); }},
        {"count-column",
         [](CsvOptions& csv, const std::string& c) {
             if (c.empty())
                 throw InputError("option --count-column needs a column name");
             csv.countColumn = c;
         }},
        {"delimiter", [](CsvOptions& csv, const std::string& d) { csv.delimiter = delimiterNamed(d); }},
        {"no-header", [](CsvOptions& csv, const std::string&) { csv.hasHeader = false; }},
        {"names",
         [](CsvOptions& csv, const std::string& names) {
             if (names.empty())
                 throw InputError("option --names needs a file name");
             const ColumnNames read = readColumnNames(names);
             csv.columnNames = read.names;
             csv.columnLabels = read.labels;
             csv.columnNamesSource = "--names '" + names + "'";
         }},
    };
}

std::vector<OptionBinding<CsvOptions>> csvLimitOptions()
{
    return {{"max-field-bytes", byteLimit("--max-field-bytes", &csv::Limits::maxFieldBytes)},
            {"max-record-bytes", byteLimit("--max-record-bytes", &csv::Limits::maxRecordBytes)}};
}

} // namespace

CsvOptions csvOptions(const Options& options)
{
    CsvOptions csv;
    readOptions(options, csv, csvFormatOptions());
    std::vector<std::string> names;
    readOptions<std::vector<std::string>>(options, names, {{"names", givenName("names")}});
    std::optional<ColumnNames> kept = !names.empty() ? std::nullopt : sessionColumnNames(options);
    if (kept) { // no --names: a session's names, if it keeps them
        csv.columnNames = std::move(kept->names);
        csv.columnLabels = std::move(kept->labels);
        csv.columnNamesSource = "the session's column names";
    }
    readOptions(options, csv, csvLimitOptions());
    csv.limitHint = "; raise the limits with --max-field-bytes N and --max-record-bytes N";
    return csv;
}

namespace {

std::mutex memorySourcesMutex;
std::map<std::string, std::shared_ptr<const DataSource>>& memorySources()
{
    static std::map<std::string, std::shared_ptr<const DataSource>> sources;
    return sources;
}

// The registered source of this name (the Python module's tables in memory), if any.
std::shared_ptr<const DataSource> registeredSource(const std::string& name)
{
    std::lock_guard lock(memorySourcesMutex);
    const auto it = memorySources().find(name);
    return it == memorySources().end() ? nullptr : it->second;
}

// Every --data value, in order.
std::vector<std::string> dataValues(const Options& options)
{
    std::vector<std::string> files;
    readOptions<std::vector<std::string>>(options, files, {{"data", appendText, false, true}});
    return files;
}

// The registered source a single --data value names, if any.
std::shared_ptr<const DataSource> memorySource(const Options& options)
{
    const std::vector<std::string> files = dataValues(options);
    return files.size() == 1 ? registeredSource(files.front()) : nullptr;
}

// The --data files; a folder or a device is refused as such (/dev/zero would be read for ever).
std::vector<std::string> dataFiles(const Options& options)
{
    std::vector<std::string> files = dataValues(options);
    if (files.empty())
        throw InputError("no data: give at least one --data FILE, or --sql-url URL with --sql-table T");
    for (const auto& f : files) {
        if (f.empty())
            throw InputError("option --data needs a file name");
        checkInputFile(f, "--data"); // a folder, a device (/dev/zero never ends), a FIFO (would block)
    }
    return files;
}

// The statistical format of the --data files (--format, else their extensions), nothing for CSV. One
// statistical file at a time, and no CSV option that does not apply to it.
std::optional<StatFormat> statFormat(const Options& options, const std::vector<std::string>& files)
{
    api::SourceRequest request;
    request.files = files;
    readOptions<api::SourceRequest>(options, request, {parsedOption("format", &api::SourceRequest::format, statFormatNamed)});
    const std::optional<StatFormat> format = api::sourceFormat(request);
    if (!format)
        return format;
    std::vector<std::string> csvOnly; // given, in this order
    readOptions<std::vector<std::string>>(options, csvOnly,
                                          {{"count-column", givenName("count-column")},
                                           {"delimiter", givenName("delimiter")},
                                           {"max-field-bytes", givenName("max-field-bytes")},
                                           {"max-record-bytes", givenName("max-record-bytes")},
                                           {"names", givenName("names")},
                                           {"no-header", givenName("no-header")}});
    if (!csvOnly.empty() && csvOnly.front() != "no-header")
        throw InputError("--" + csvOnly.front() + " applies to CSV files, not to " + statFormatTitle(*format) + " '" +
                         files.front() + "'");
    if (!csvOnly.empty()) // --no-header; --missing stays: the token a release writes for a missing value
        throw InputError("--no-header applies to CSV files; " + statFormatTitle(*format) + " '" + files.front() +
                         "' names its own variables");
    return format;
}

} // namespace

void registerMemorySource(const std::string& name, std::shared_ptr<const DataSource> source)
{
    std::lock_guard lock(memorySourcesMutex);
    memorySources()[name] = std::move(source);
}

void unregisterMemorySource(const std::string& name)
{
    std::lock_guard lock(memorySourcesMutex);
    memorySources().erase(name);
}

namespace {
thread_local std::function<bool()> keepRunningHook;
} // namespace

void setKeepRunning(std::function<bool()> keepRunning)
{
    keepRunningHook = std::move(keepRunning);
}

const std::function<bool()>& keepRunning()
{
    return keepRunningHook;
}

ProgressFunction keepRunningProgress()
{
    if (!keepRunningHook)
        return {};
    // The answer, never an exception: readers call progress from inside C libraries (ReadStat, libpq).
    return [hook = keepRunningHook](double) { return hook(); };
}

namespace {

// A table's columns are named by the database; renaming them is the query's job ("SELECT a AS b").
void refuseNamesForSql(const Options& options)
{
    std::vector<std::string> names;
    readOptions<std::vector<std::string>>(options, names, {{"names", givenName("names")}});
    if (!names.empty())
        throw InputError("--names applies to CSV files; a database table names its own columns (rename them in "
                         "--sql-query with AS)");
}

} // namespace

int cliThreads()
{
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
}

std::vector<std::pair<std::string, std::string>> inputFiles(const Options& options)
{
    std::vector<std::pair<std::string, std::string>> files;
    // Options that name one file read (in any command that has them).
    for (const char* name : {"data", "names", "original", "rho-table", "sizes-table", "max-supports", "session"})
        for (const auto& path : options.values(name))
            files.emplace_back("--" + std::string(name), path);
    // NAME=FILE
    for (const auto& item : options.values("matrix"))
        if (const auto eq = item.find('='); eq != std::string::npos)
            files.emplace_back("--matrix", item.substr(eq + 1));
    // A folder whose files are read: every regular file in it counts.
    if (const auto dir = options.value("hierarchies")) {
        std::error_code ec;
        for (std::filesystem::directory_iterator it(*dir, ec), end; !ec && it != end; it.increment(ec))
            if (std::error_code e; it->is_regular_file(e))
                files.emplace_back("--hierarchies", it->path().string());
    }
    return files;
}

void checkOutputsAreNotInputs(const Options& options, const std::vector<std::string>& outputs,
                              const std::vector<std::pair<std::string, std::string>>& sideInputs)
{
    std::vector<std::pair<std::string, std::string>> inputs = inputFiles(options);
    inputs.insert(inputs.end(), sideInputs.begin(), sideInputs.end());
    api::checkOutputsAreNotInputs(outputs, inputs);
}

namespace {

// The request of --data (or --sql-url ...), the CSV options and --bin.
api::SourceRequest sourceRequest(const Options& options)
{
    api::SourceRequest request;
    request.csv = csvOptions(options);
    request.bins = binSpecs(options);
    if (usesSql(options)) {
        refuseNamesForSql(options);
        request.database = databaseRequest(options);
        return request;
    }
    request.files = dataFiles(options);
    request.format = statFormat(options, request.files);
    return request;
}

} // namespace

api::DataRequest dataRequest(const Options& options)
{
    api::DataRequest request;
    if ((request.table = memorySource(options)))
        request.source.bins = binSpecs(options);
    else
        request.source = sourceRequest(options);
    return request;
}

std::shared_ptr<const DataSource> openSource(const Options& options)
{
    return api::openData(dataRequest(options));
}

api::DataRequest fileDataRequest(const Options& options, const std::string& path)
{
    api::DataRequest request;
    if ((request.table = registeredSource(path))) // a table the Python module holds (regress's original as Counts)
        return request;
    request.source.files = {path};
    request.source.csv = csvOptions(options);
    request.source.bins = binSpecs(options);
    request.source.format = statFormat(options, request.source.files);
    return request;
}

std::string missingToken(const Options& options)
{
    return csvOptions(options).missingTokens.front();
}

MissingPolicy missingPolicy(const Options& options)
{
    bool dropIncomplete = false;
    readOptions<bool>(options, dropIncomplete, {{"drop-incomplete", [](bool& d, const std::string&) { d = true; }}});
    return dropIncomplete ? MissingPolicy::DropIncomplete : MissingPolicy::DropIfUsedMissing;
}

namespace {

// --qi and --sensitive, both required, split in that order.
struct RoleLists {
    std::vector<std::string> qi, sensitive;
};

RoleLists roleLists(const Options& options)
{
    RoleLists roles;
    readOptions<RoleLists>(options, roles,
                           {listOption("qi", &RoleLists::qi, true), listOption("sensitive", &RoleLists::sensitive, true)});
    return roles;
}

} // namespace

AnalysisSpec rolesFrom(const Options& options)
{
    AnalysisSpec spec;
    const RoleLists roles = roleLists(options);
    spec.quasiIdentifiers = roles.qi;
    const std::vector<std::string>& s = roles.sensitive;
    if (s.size() != 1)
        throw InputError("--sensitive takes exactly one attribute, got " + std::to_string(s.size()) + " (" +
                         joinNames(s) + ")");
    spec.sensitive = s.front();
    spec.policy = missingPolicy(options);
    checkRoles(spec);
    return spec;
}

SeveralSensitiveSpec severalSensitiveFrom(const Options& options)
{
    SeveralSensitiveSpec spec;
    const RoleLists roles = roleLists(options);
    spec.quasiIdentifiers = roles.qi;
    spec.targets = api::sensitiveTargets(roles.sensitive, knowsFrom(options));
    spec.policy = missingPolicy(options);
    return spec;
}

Json cellValues(const PreparedTable& table, std::size_t cell)
{
    Json out = Json::object();
    const std::vector<std::string> values = table.cellValues(cell);
    for (std::size_t k = 0; k < values.size(); ++k)
        out[table.names[k]] = values[k];
    return out;
}


OptionSpec alphaOption(const std::string& help)
{
    return {"alpha", "A", help};
}

double alphaFrom(const Options& options)
{
    double alpha = 0.05;
    readOptions<double>(options, alpha, {{"alpha", [](double& a, const std::string& text) {
                                              a = parseNumber(text, "--alpha");
                                              if (!(a > 0.0 && a < 1.0))
                                                  throw InputError("--alpha must lie in (0, 1) (the ranges have "
                                                                   "level 1 - alpha), got " + text);
                                          }}});
    return alpha;
}

double parseTau(const std::string& text, const std::string& option)
{
    const double tau = parseNumber(text, option);
    if (!(tau > 0.0 && tau <= 1.0))
        throw InputError(option + " must lie in (0, 1], got " + text);
    return tau;
}

} // namespace rr::cli
