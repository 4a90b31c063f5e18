#pragma once
// The session file: data (files or a database), roles, missing policy, mode, p values, target l, the views'
// choices and saved results. One format and one reader/writer for every front end (the GUI saves and
// opens it, `rr-explorer-cli --session FILE` takes data, roles and p from it). Its header is format
// "rr-explorer-session", version 1 (SessionHeader.h), as the Qt builds wrote it; those files read unchanged.
#include "core/analysis/AnalysisSpec.h"
#include "core/data/Binning.h"
#include "core/data/CsvReader.h"
#include "core/risk/RandomizationMode.h"
#include "core/session/JsonFields.h"
#include "core/session/SessionPlaces.h"
#include "core/session/SessionResults.h"
#include "core/session/ViewChoices.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// A database table or query; the URL never holds a password.
struct SessionDatabase {
    std::string url;
    std::string table; // one of table and query
    std::string query;
    bool operator==(const SessionDatabase&) const = default;
};

struct SessionData {
    std::vector<std::string> dataPaths;     // CSV files read as one table (empty for a database)
    std::optional<SessionDatabase> database; // instead of files
    AnalysisSpec spec;
    RandomizationMode mode = RandomizationMode::QI;
    std::map<std::string, double> p;
    double tau = 1.0 / 3.0;
    ViewChoices view;
    // How the CSV files were read (header row, delimiter, missing tokens); absent in older sessions and
    // for databases (then guessed from the file as File > Open does).
    std::optional<CsvOptions> import;
    // Numeric attributes cut into bins (issue 21); absent in older sessions.
    std::vector<BinSpec> bins;
    // Results with the inputs they were computed for (restored only where those still hold).
    std::optional<SavedTradeOff> tradeOff;
    std::optional<SavedComparison> comparison;
};

// JSON text; data paths inside places.sampleDir are stored as "sample:NAME".
std::string sessionToJson(const SessionData& session, const SessionPlaces& places);
// The table session of a document whose header names one (session::sessionKind), validated; relative data
// paths resolve against places.baseDir. Throws rr::InputError with a message naming the problem.
SessionData tableSessionFromDocument(const session::Json& root, const SessionPlaces& places);
// Text through the one session reader (AnySession.h); a basket session is refused saying what it is.
// Never crashes on bad input.
SessionData sessionFromJson(const std::string& json, const SessionPlaces& places);

} // namespace rr
