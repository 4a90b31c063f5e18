#include "core/api/Source.h"

#include "core/datasource/CsvSource.h"
#include "core/data/Errors.h"
#include "core/statfiles/StatFileSource.h"

namespace rr::api {

namespace {

std::shared_ptr<const DataSource> openDatabase(const DatabaseRequest& db, const CsvOptions& csv)
{
    if (db.table.empty() == db.query.empty())
        throw InputError("a database source needs exactly one of a table and a query");
    auto source = sql::openSqlDataSource(db.url, db.table, db.query, csv.missingTokens, db.login, db.prompt, db.limits);
    if (db.warn)
        for (const std::string& w : source->source().warnings())
            db.warn(w);
    return source;
}

std::shared_ptr<const DataSource> openUnbinned(const SourceRequest& request)
{
    if (request.database)
        return openDatabase(*request.database, request.csv);
    if (const auto format = sourceFormat(request))
        return StatFileSource::open(request.files.front(), *format, request.progress);
    if (request.progress)
        return CsvSource::open(request.files, request.csv, request.progress);
    return CsvSource::deferred(request.files, request.csv);
}

} // namespace

std::optional<StatFormat> sourceFormat(const SourceRequest& request)
{
    const std::vector<std::string>& files = request.files;
    if (files.empty())
        throw InputError("no data: give a file (CSV, SPSS, Stata or SAS) or a database table or query");
    std::optional<StatFormat> format = request.format;
    if (!format) {
        format = statFormatOfPath(files.front());
        for (const std::string& f : files)
            if (statFormatOfPath(f) != format)
                throw InputError("'" + f + "' and '" + files.front() +
                                 "' are not of one format; give CSV files or one statistical file");
    }
    if (format && files.size() > 1)
        throw InputError("one " + statFormatTitle(*format) + " file at a time: " + std::to_string(files.size()) +
                         " files were given");
    return format;
}

std::shared_ptr<const DataSource> openSource(const SourceRequest& request)
{
    return withBins(openUnbinned(request), request.bins);
}

std::shared_ptr<const DataSource> openData(const DataRequest& request)
{
    if (request.table)
        return withBins(request.table, request.source.bins);
    return openSource(request.source);
}

} // namespace rr::api
