#pragma once
// Session JSON: data paths, roles, missing policy, mode, p values, target l and view choices.
// Qt Core only (QJsonDocument), so the parser can be fuzzed on its own (tests/fuzz/fuzz_session.cpp).
#include "core/analysis/AnalysisSpec.h"
#include "core/data/CsvReader.h"
#include "core/risk/RandomizationMode.h"
#include "ui/session/SessionResults.h"
#include "ui/session/ViewChoices.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <string>

namespace rr::ui {

struct SessionData {
    QStringList dataPaths;
    AnalysisSpec spec;
    RandomizationMode mode = RandomizationMode::QI;
    std::map<std::string, double> p;
    double tau = 1.0 / 3.0;
    ViewChoices view;
    // How the CSV files were read (header row, delimiter, missing tokens); absent in older sessions and
    // for databases (then guessed from the file as File > Open does).
    std::optional<CsvOptions> import;
    // Results with the inputs they were computed for (restored only where those still hold).
    std::optional<SavedTradeOff> tradeOff;
    std::optional<SavedComparison> comparison;
};

// JSON text; data paths inside the bundled sample folder are stored as "sample:NAME".
QByteArray sessionToJson(const SessionData& session);
// Parses and validates; relative data paths resolve against `baseDir`.
// Throws rr::InputError with a message naming the problem (never crashes on bad input).
SessionData sessionFromJson(const QByteArray& json, const QString& baseDir = {});

} // namespace rr::ui
