#pragma once
// What the typed actions' tests share: a result's JSON keys in order (the CLI's key order is part of its output),
// a small CSV file, and the CLI's own JSON for the same file, to compare a result's JSON with.
#include "core/api/JsonValues.h"
#include "core/api/Source.h"

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <fstream>
#include <string>
#include <vector>

namespace rr::testing {

inline std::vector<std::string> jsonKeys(const api::Json& j)
{
    std::vector<std::string> out;
    for (const auto& [k, v] : j.items())
        out.push_back(k);
    return out;
}

// 6 records: sex, smoker, disease (the same table the typed tests count by hand).
inline std::string writeSmallCsv(const QTemporaryDir& dir)
{
    const std::string path = dir.filePath("small.csv").toStdString();
    std::ofstream(path) << "sex,smoker,disease\nF,no,flu\nF,yes,flu\nM,no,cold\nM,no,cold\nM,yes,flu\nM,yes,cold\n";
    return path;
}

inline api::DataRequest fileData(const std::string& path)
{
    api::DataRequest data;
    data.source.files = {path};
    return data;
}

#ifdef RR_CLI_PATH
// The CLI's JSON output for `args` (null when it fails), keys in its order.
inline api::Json cliJson(const QStringList& args)
{
    QProcess p;
    p.start(RR_CLI_PATH, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return nullptr;
    return api::Json::parse(p.readAllStandardOutput().toStdString());
}
#endif

} // namespace rr::testing
