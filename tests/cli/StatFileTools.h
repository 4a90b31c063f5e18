#pragma once
// The tools that write the SPSS, Stata and SAS files the tests read (no one here wrote them): pandas
// (Debian python3-pandas, DataFrame.to_stata) and ReadStat's command-line tool (Debian readstat). A test
// skips when one is absent, unless RR_REQUIRE_STATFILES is set (scripts/test.sh sets it): then it fails.
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTest>

namespace rr::testcli {

struct ToolRun {
    bool ok = false;
    QByteArray output; // stdout and stderr
};

inline ToolRun runTool(const QString& program, const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    ToolRun r;
    if (!p.waitForStarted(30000))
        return r;
    p.closeWriteChannel();
    const bool finished = p.waitForFinished(300000);
    r.output = p.readAll();
    r.ok = finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    return r;
}

// A Python interpreter that imports pandas ("" if none): Debian's first, which has python3-pandas even
// when another python3 comes first on PATH.
inline QString pythonWithPandas()
{
    for (const QString& candidate : {QStringLiteral("/usr/bin/python3"), QStringLiteral("python3")}) {
        const QString path = candidate.startsWith('/') ? candidate : QStandardPaths::findExecutable(candidate);
        if (!path.isEmpty() && runTool(path, {"-c", "import pandas"}).ok)
            return path;
    }
    return {};
}

inline QString readstatTool()
{
    return QStandardPaths::findExecutable("readstat");
}

inline bool statFilesRequired()
{
    return qEnvironmentVariableIsSet("RR_REQUIRE_STATFILES");
}

} // namespace rr::testcli

// Skips (or fails, under RR_REQUIRE_STATFILES) when pandas or ReadStat's tool is missing.
#define RR_REQUIRE_STAT_TOOLS(python, readstat)                                                                        \
    do {                                                                                                               \
        if ((python).isEmpty() || (readstat).isEmpty()) {                                                              \
            const char* what = (python).isEmpty() ? "python3 with pandas (Debian python3-pandas)"                      \
                                                  : "ReadStat's tool (Debian readstat)";                               \
            if (rr::testcli::statFilesRequired())                                                                      \
                QFAIL(qPrintable(QString("RR_REQUIRE_STATFILES is set but %1 is missing").arg(what)));                 \
            QSKIP(qPrintable(QString("%1 is missing: statistical files are not tested").arg(what)));                   \
        }                                                                                                              \
    } while (0)
