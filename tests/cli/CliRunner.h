#pragma once
// Runs rr-explorer-cli as a separate process and parses its JSON: what the CLI tests share.
#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>
#include <map>
#include <string>

#include <sys/resource.h>

namespace rr::testcli {

struct CliRun {
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QByteArray out;
    QByteArray err;
    bool finished = false;

    bool ok() const { return finished && status == QProcess::NormalExit && exitCode == 0; }
    // stdout as one JSON object (an empty object if it is not one; callers check ok() first).
    QJsonObject json() const
    {
        QJsonParseError e{};
        const QJsonDocument doc = QJsonDocument::fromJson(out, &e);
        return e.error == QJsonParseError::NoError && doc.isObject() ? doc.object() : QJsonObject{};
    }
    bool isJsonObject() const
    {
        QJsonParseError e{};
        const QJsonDocument doc = QJsonDocument::fromJson(out, &e);
        return e.error == QJsonParseError::NoError && doc.isObject();
    }
    // What a failed run said, for test failure messages.
    QByteArray diagnostics() const
    {
        return "exit " + QByteArray::number(exitCode) + (status == QProcess::CrashExit ? " (crashed)" : "") +
               "\nstderr: " + err + "\nstdout: " + out.left(2000);
    }
};

// `childSetup` runs in the child between fork and exec (resource limits). A run past `timeoutMs` is
// killed and reported as not finished (a hang fails the test instead of blocking it).
inline CliRun runCli(const QStringList& args, const std::function<void()>& childSetup = {}, int timeoutMs = 300000)
{
    CliRun r;
    QProcess p;
    if (childSetup)
        p.setChildProcessModifier(childSetup);
    p.start(QStringLiteral(RR_CLI_PATH), args);
    if (!p.waitForStarted(30000))
        return r;
    p.closeWriteChannel();
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(10000);
    }
    r.status = p.exitStatus();
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// A child whose writes fail past `bytes` (RLIMIT_FSIZE, SIGXFSZ ignored: write() returns EFBIG), as on a
// full disk, without needing one.
inline std::function<void()> fileSizeLimit(rlim_t bytes)
{
    return [bytes] {
        const rlimit limit{bytes, bytes};
        setrlimit(RLIMIT_FSIZE, &limit);
        std::signal(SIGXFSZ, SIG_IGN);
    };
}

// AddressSanitizer maps terabytes of shadow memory, so a sanitized child cannot start under RLIMIT_AS.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSpaceLimits = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSpaceLimits = false;
#else
inline constexpr bool kAddressSpaceLimits = true;
#endif
#else
inline constexpr bool kAddressSpaceLimits = true;
#endif

// A child that cannot map more than `bytes` of address space (RLIMIT_AS): an allocation past it fails as
// it would on a machine without the memory, without the test needing the memory. No limit under
// AddressSanitizer (kAddressSpaceLimits): what must fail under the limit is then skipped by the test.
inline std::function<void()> addressSpaceLimit(rlim_t bytes)
{
    return [bytes] {
        if (!kAddressSpaceLimits)
            return;
        const rlimit limit{bytes, bytes};
        setrlimit(RLIMIT_AS, &limit);
    };
}

// describe's JSON: one attribute by name (empty when absent), and its counts by category.
inline QJsonObject attribute(const QJsonObject& describe, const QString& name)
{
    for (const auto& a : describe["attributes"].toArray())
        if (a.toObject()["name"].toString() == name)
            return a.toObject();
    return {};
}
using Counts = std::map<QString, double>;
inline Counts countsByCategory(const QJsonObject& attribute)
{
    Counts out;
    const QJsonArray cats = attribute["categories"].toArray(), counts = attribute["counts"].toArray();
    for (int i = 0; i < cats.size(); ++i)
        out[cats[i].toString()] = counts[i].toDouble();
    return out;
}

inline QString shared(const char* rel)
{
    return QString::fromUtf8(RR_SHARED_DATA_DIR) + "/" + rel;
}
inline QString adultTrain()
{
    return shared("adult/adult.data.csv");
}
inline QString adultTest()
{
    return shared("adult/adult.test.csv");
}

// Both Adult files with --drop-incomplete: the dissertation's 45,222 records.
inline QStringList adultComplete()
{
    return {"--data", adultTrain(), "--data", adultTest(), "--drop-incomplete"};
}

inline QStringList emgrw()
{
    return {"--qi", "education,marital-status,sex,race", "--sensitive", "workclass"};
}

// Writes `content` byte for byte to `name` inside `dir` and returns the path.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write test file %s", qPrintable(path));
    f.write(content);
    return path;
}

inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QStringList stringList(const QJsonValue& v)
{
    QStringList out;
    for (const auto& x : v.toArray())
        out << x.toString();
    return out;
}

inline QList<double> numberList(const QJsonValue& v)
{
    QList<double> out;
    for (const auto& x : v.toArray())
        out << x.toDouble();
    return out;
}

} // namespace rr::testcli

// Runs the CLI and fails the test (with stderr) unless it exits 0 with one JSON object.
#define RR_CLI_OK(var, args)                                                                                           \
    const rr::testcli::CliRun var = rr::testcli::runCli(args);                                                         \
    QVERIFY2(var.ok(), var.diagnostics().constData());                                                                 \
    QVERIFY2(var.isJsonObject(), var.diagnostics().constData())
