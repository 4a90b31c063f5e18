// Atomic writes (core/data/AtomicWrite): what is at the target path is never destroyed - devices,
// FIFOs and folders are refused, symbolic links are written through, the mode of an existing file is
// kept - and a set of files is written all or nothing. No temporary file is ever left behind.
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace rr;

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void putFile(const std::string& path, const std::string& text, mode_t mode = 0644)
{
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << text;
    }
    ::chmod(path.c_str(), mode);
}

// The message of the exception of type E that `f` throws, or "" if it throws none of that type.
template <typename E>
std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return {};
}

// Names in `dir` other than the expected ones (temporary or backup files left behind).
QStringList leftovers(const QTemporaryDir& dir, const QStringList& expected)
{
    QStringList extra;
    for (const QString& name :
         QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System | QDir::Hidden))
        if (!expected.contains(name))
            extra << name;
    return extra;
}

StreamWriter text(const std::string& s)
{
    return [s](std::ostream& out) { out << s; };
}

} // namespace

class TestAtomicWrite : public QObject {
    Q_OBJECT

private slots:
    // A device is never opened for writing nor replaced. As root rename(2) would replace /dev/full, so
    // a regression would destroy the machine's device: root tests on a private node of the same device
    // (char 1,7), others on /dev/full itself (which they cannot replace anyway).
    void refusesDevice()
    {
        QTemporaryDir dir;
        std::string device = "/dev/full";
        if (::geteuid() == 0) {
            device = dir.filePath("full").toStdString();
            QVERIFY(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0);
        }
        struct stat before {};
        QVERIFY(::stat(device.c_str(), &before) == 0 && S_ISCHR(before.st_mode));
        const std::string msg = errorOf<InputError>([&] { writeBytesAtomically(device, "x"); });
        QVERIFY2(msg.find(device) != std::string::npos && msg.find("not a regular file") != std::string::npos,
                 msg.c_str());
        struct stat after {};
        QVERIFY(::lstat(device.c_str(), &after) == 0);
        QVERIFY(S_ISCHR(after.st_mode));
        QCOMPARE(after.st_rdev, before.st_rdev);
        QCOMPARE(after.st_ino, before.st_ino);
        // nothing was created beside it either
        const QString folder = QFileInfo(QString::fromStdString(device)).path();
        QVERIFY(QDir(folder).entryList({"full.tmp-*"}, QDir::AllEntries | QDir::System).isEmpty());
    }

    // A FIFO is refused without opening it (opening would block until a reader comes).
    void refusesFifo()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath("pipe.csv").toStdString();
        QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        const std::string msg = errorOf<InputError>([&] { writeBytesAtomically(fifo, "x"); });
        QVERIFY2(msg.find("not a regular file") != std::string::npos, msg.c_str());
        struct stat st {};
        QVERIFY(::lstat(fifo.c_str(), &st) == 0 && S_ISFIFO(st.st_mode));
        QCOMPARE(leftovers(dir, {"pipe.csv"}), QStringList());
    }

    void refusesFolderAndMissingFolder()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("sub.csv"));
        const std::string folder = dir.filePath("sub.csv").toStdString();
        QVERIFY(errorOf<InputError>([&] { writeBytesAtomically(folder, "x"); }).find("folder") != std::string::npos);
        const std::string nowhere = dir.filePath("no/such/out.csv").toStdString();
        QVERIFY(errorOf<InputError>([&] { writeBytesAtomically(nowhere, "x"); }).find("does not exist") !=
                std::string::npos);
        QVERIFY(errorOf<InputError>([&] { writeBytesAtomically("", "x"); }).find("no file name") != std::string::npos);
        QCOMPARE(leftovers(dir, {"sub.csv"}), QStringList());
    }

    // A symbolic link stays a link; the file it points to gets the new content and keeps its mode.
    void writesThroughSymlink()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("real"));
        const std::string target = dir.filePath("real/data.csv").toStdString();
        const std::string link = dir.filePath("link.csv").toStdString();
        putFile(target, "old\n", 0640);
        QVERIFY(::symlink("real/data.csv", link.c_str()) == 0);
        writeBytesAtomically(link, "new\n");
        struct stat st {};
        QVERIFY(::lstat(link.c_str(), &st) == 0 && S_ISLNK(st.st_mode));
        char buf[256] = {};
        QVERIFY(::readlink(link.c_str(), buf, sizeof buf - 1) > 0);
        QCOMPARE(std::string(buf), std::string("real/data.csv"));
        QCOMPARE(readFile(target), std::string("new\n"));
        QVERIFY(::stat(target.c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        QCOMPARE(leftovers(dir, {"real", "link.csv"}), QStringList());
        QCOMPARE(QDir(dir.filePath("real")).entryList(QDir::Files | QDir::System), QStringList{"data.csv"});
    }

    void refusesDanglingSymlink()
    {
        QTemporaryDir dir;
        const std::string link = dir.filePath("dangling.csv").toStdString();
        QVERIFY(::symlink("missing/file.csv", link.c_str()) == 0);
        const std::string msg = errorOf<InputError>([&] { writeBytesAtomically(link, "x"); });
        QVERIFY2(msg.find("symbolic link") != std::string::npos && msg.find("missing") != std::string::npos &&
                     msg.find("does not exist") != std::string::npos,
                 msg.c_str());
        struct stat st {};
        QVERIFY(::lstat(link.c_str(), &st) == 0 && S_ISLNK(st.st_mode));
    }

    // A private file stays private (rename would otherwise give it the temporary file's mode).
    void keepsMode_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("0600") << 0600;
        QTest::newRow("0640") << 0640;
        QTest::newRow("0755") << 0755;
    }
    void keepsMode()
    {
        QFETCH(int, mode);
        QTemporaryDir dir;
        const std::string path = dir.filePath("secret.csv").toStdString();
        putFile(path, "old\n", static_cast<mode_t>(mode));
        writeBytesAtomically(path, "new\n");
        struct stat st {};
        QVERIFY(::stat(path.c_str(), &st) == 0);
        QCOMPARE(int(st.st_mode & 07777), mode);
        QCOMPARE(readFile(path), std::string("new\n"));
    }

    // A new file gets 0666 less the umask, like any file the user creates.
    void newFileFollowsUmask()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("fresh.csv").toStdString();
        const mode_t old = ::umask(027);
        writeBytesAtomically(path, "x");
        ::umask(old);
        struct stat st {};
        QVERIFY(::stat(path.c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
    }

    // A writer that fails leaves the old file as it was and no temporary file.
    void failedWriteKeepsTarget()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("keep.csv").toStdString();
        putFile(path, "precious\n");
        const std::string msg = errorOf<std::runtime_error>([&] {
            writeFileAtomically(path, [](std::ostream& out) {
                out << "half";
                throw std::runtime_error("writer failed");
            });
        });
        QCOMPARE(msg, std::string("writer failed"));
        QCOMPARE(readFile(path), std::string("precious\n"));
        QCOMPARE(leftovers(dir, {"keep.csv"}), QStringList());
    }

    // Stale temporary files of an earlier, killed run neither block a write nor get renamed into place.
    void staleTempFilesDoNotInterfere()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("x.csv").toStdString();
        putFile(path + ".tmp-1-2", "stale\n");
        putFile(path + ".tmp-" + std::to_string(::getpid()) + "-0", "stale too\n");
        writeBytesAtomically(path, "fresh\n");
        QCOMPARE(readFile(path), std::string("fresh\n"));
        QCOMPARE(readFile(path + ".tmp-1-2"), std::string("stale\n"));
        QCOMPARE(leftovers(dir, {"x.csv", "x.csv.tmp-1-2", "x.csv.tmp-" + QString::number(::getpid()) + "-0"}),
                 QStringList());
    }

    // A valid file name of 254 bytes: its temporary (and, in a set, its backup) cannot be NAME.tmp-PID-N,
    // which passes the 255-byte limit of a name; a shorter name in the same folder is used instead.
    void longNameWrites()
    {
        QTemporaryDir dir;
        const QString name = QString(250, QLatin1Char('a')) + ".csv";
        QCOMPARE(name.size(), 254);
        const std::string path = dir.filePath(name).toStdString();
        writeBytesAtomically(path, "first\n");
        QCOMPARE(readFile(path), std::string("first\n"));
        writeBytesAtomically(path, "second\n"); // replacing it too
        QCOMPARE(readFile(path), std::string("second\n"));
        // a set whose existing member needs a backup
        const std::string other = dir.filePath(QString(254, QLatin1Char('b'))).toStdString();
        writeFilesAtomically({{path, text("third\n")}, {other, text("other\n")}});
        QCOMPARE(readFile(path), std::string("third\n"));
        QCOMPARE(readFile(other), std::string("other\n"));
        QCOMPARE(leftovers(dir, {name, QString(254, QLatin1Char('b'))}), QStringList());
        // a name of 255 bytes is still written (the limit itself)
        const std::string longest = dir.filePath(QString(255, QLatin1Char('c'))).toStdString();
        writeBytesAtomically(longest, "255\n");
        QCOMPARE(readFile(longest), std::string("255\n"));
    }

    // kill -9 during a write leaves NAME.tmp-PID-N: the next write to NAME removes those of processes that
    // no longer run, and keeps those of running ones (and those of other files).
    void removesStaleTempFilesOfDeadProcesses()
    {
        QTemporaryDir dir;
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0)
            ::_exit(0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child); // reaped: this pid runs nothing now
        const std::string dead = std::to_string(child);
        const std::string own = std::to_string(::getpid());
        const QString qdead = QString::fromStdString(dead), qown = QString::fromStdString(own);
        const QString name = "x.csv";
        const std::string path = dir.filePath(name).toStdString();
        putFile(path + ".tmp-" + dead + "-7", "killed\n");
        putFile(path + ".tmp-" + own + "-7", "live\n");
        putFile(dir.filePath("y.csv.tmp-" + qdead + "-7").toStdString(), "other file\n");
        putFile(path + ".tmp-" + dead + "-x", "not a temporary of ours\n");
        writeBytesAtomically(path, "fresh\n");
        QCOMPARE(readFile(path), std::string("fresh\n"));
        QCOMPARE(readFile(path + ".tmp-" + own + "-7"), std::string("live\n"));
        const QStringList kept{name + ".tmp-" + qown + "-7", "y.csv.tmp-" + qdead + "-7", name + ".tmp-" + qdead + "-x"};
        QCOMPARE(leftovers(dir, QStringList(kept) << name), QStringList());
        for (const QString& k : kept)
            QVERIFY2(QFileInfo::exists(dir.filePath(k)), qPrintable(k));
        QVERIFY(!QFileInfo::exists(dir.filePath(name + ".tmp-" + qdead + "-7")));
    }

    // A symbolic link to a file not yet there is written through when the file's folder exists: the file
    // is created, the link kept (also along a chain of links). A link whose target folder is missing is
    // refused (refusesDanglingSymlink).
    void writesThroughDanglingSymlink()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("real"));
        const std::string link = dir.filePath("link.csv").toStdString();
        QVERIFY(::symlink("real/new.csv", link.c_str()) == 0);
        writeBytesAtomically(link, "created\n");
        struct stat st {};
        QVERIFY(::lstat(link.c_str(), &st) == 0 && S_ISLNK(st.st_mode));
        QCOMPARE(readFile(dir.filePath("real/new.csv").toStdString()), std::string("created\n"));
        // link -> link -> missing file, absolute and relative
        const std::string second = dir.filePath("second.csv").toStdString();
        const std::string absTarget = dir.filePath("real/chain.csv").toStdString();
        QVERIFY(::symlink(absTarget.c_str(), dir.filePath("real/hop.csv").toStdString().c_str()) == 0);
        QVERIFY(::symlink("real/hop.csv", second.c_str()) == 0);
        writeBytesAtomically(second, "chained\n");
        QCOMPARE(readFile(absTarget), std::string("chained\n"));
        QVERIFY(::lstat(dir.filePath("real/hop.csv").toStdString().c_str(), &st) == 0 && S_ISLNK(st.st_mode));
        QCOMPARE(leftovers(dir, {"real", "link.csv", "second.csv"}), QStringList());
        // a loop of links is refused with a message that says so
        const std::string loop = dir.filePath("loop.csv").toStdString();
        QVERIFY(::symlink("loop.csv", loop.c_str()) == 0);
        const std::string msg = errorOf<InputError>([&] { writeBytesAtomically(loop, "x"); });
        QVERIFY2(msg.find("symbolic link") != std::string::npos, msg.c_str());
    }

    // A set of files: when the second cannot be written the first is not created (and an existing
    // first file keeps its content); no temporary or backup file remains.
    void setIsAllOrNothing()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("out.st.csv")); // the second target is a folder
        const std::string first = dir.filePath("out.qit.csv").toStdString();
        const std::string second = dir.filePath("out.st.csv").toStdString();
        QVERIFY(!errorOf<InputError>([&] {
                     writeFilesAtomically({{first, text("qit\n")}, {second, text("st\n")}});
                 }).empty());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(first)));
        QCOMPARE(leftovers(dir, {"out.st.csv"}), QStringList());

        putFile(first, "old qit\n");
        QVERIFY(!errorOf<InputError>([&] {
                     writeFilesAtomically({{first, text("qit\n")}, {second, text("st\n")}});
                 }).empty());
        QCOMPARE(readFile(first), std::string("old qit\n"));
        QCOMPARE(leftovers(dir, {"out.st.csv", "out.qit.csv"}), QStringList());
    }

    // A user may replace a file of another user in a folder of its own: one file is renamed over it, and a
    // set of files must succeed as well, although the kernel (fs.protected_hardlinks) refuses the hard link
    // that keeps the previous version (issue 24.13). Run as root, the writer is a forked child as nobody.
    void setOverAnotherUsersFile()
    {
        if (::geteuid() != 0)
            QSKIP("needs root, to hand a folder to another user");
        std::ifstream protectedLinks("/proc/sys/fs/protected_hardlinks");
        int protectedValue = 0;
        if (!(protectedLinks >> protectedValue) || protectedValue != 1)
            QSKIP("fs.protected_hardlinks is not 1 here");
        QTemporaryDir dir;
        QVERIFY(::chmod(dir.path().toLocal8Bit().constData(), 0755) == 0);
        const std::string out = dir.filePath("out").toStdString();
        QVERIFY(::mkdir(out.c_str(), 0755) == 0 && ::chown(out.c_str(), 65534, 65534) == 0);
        const std::string single = out + "/single.csv", first = out + "/a.csv", second = out + "/b.csv";
        for (const auto& p : {single, first, second})
            putFile(p, "root's\n"); // root's, 0644: nobody may not write it, only replace it
        const pid_t child = ::fork();
        if (child == 0) {
            int stage = 1;
            try {
                if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                    ::_exit(5);
                writeFileAtomically(single, text("one\n"));
                stage = 4;
                writeFilesAtomically({{first, text("a\n")}, {second, text("b\n")}});
                stage = 0;
            } catch (...) {
            }
            ::_exit(stage);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0); // 1: the single file failed, 4: the set failed
        QCOMPARE(readFile(single), std::string("one\n"));
        QCOMPARE(readFile(first), std::string("a\n"));
        QCOMPARE(readFile(second), std::string("b\n"));
        QCOMPARE(QDir(QString::fromStdString(out)).entryList(QDir::Files | QDir::Hidden).size(), 3);
    }

    // The same when the second writer fails after the first file was written.
    void setRollsBackOnWriterFailure()
    {
        QTemporaryDir dir;
        const std::string first = dir.filePath("a.csv").toStdString();
        const std::string second = dir.filePath("b.csv").toStdString();
        putFile(first, "old a\n");
        putFile(second, "old b\n");
        const StreamWriter failing = [](std::ostream&) { throw IoError("disk full (simulated)"); };
        QVERIFY(!errorOf<IoError>([&] {
                     writeFilesAtomically({{first, text("new a\n")}, {second, failing}});
                 }).empty());
        QCOMPARE(readFile(first), std::string("old a\n"));
        QCOMPARE(readFile(second), std::string("old b\n"));
        QCOMPARE(leftovers(dir, {"a.csv", "b.csv"}), QStringList());

        writeFilesAtomically({{first, text("new a\n")}, {second, text("new b\n")}});
        QCOMPARE(readFile(first), std::string("new a\n"));
        QCOMPARE(readFile(second), std::string("new b\n"));
        QCOMPARE(leftovers(dir, {"a.csv", "b.csv"}), QStringList());
    }

    // A rename that fails after others succeeded (a folder takes the second target's name between the
    // writes and the renames) puts back what the first target held.
    void setRestoresAfterFailedRename()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        const std::string first = dir.filePath("a.csv").toStdString();
        const std::string second = dir.filePath("sub/b.csv").toStdString();
        putFile(first, "old a\n");
        // The second temporary file is written, then a folder takes its target's name: rename(2) fails.
        const StreamWriter blockSecond = [&](std::ostream& out) {
            out << "b\n";
            QDir(dir.filePath("sub")).mkdir("b.csv");
        };
        QVERIFY(!errorOf<IoError>([&] {
                     writeFilesAtomically({{first, text("new a\n")}, {second, blockSecond}});
                 }).empty());
        QCOMPARE(readFile(first), std::string("old a\n"));
        QCOMPARE(leftovers(dir, {"a.csv", "sub"}), QStringList());
        QCOMPARE(QDir(dir.filePath("sub")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System),
                 QStringList{"b.csv"});
    }

    void setRefusesDuplicatePath()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("a.csv").toStdString();
        QVERIFY(errorOf<InputError>([&] {
                    writeFilesAtomically({{path, text("1")}, {path, text("2")}});
                }).find("named twice") != std::string::npos);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path)));
    }

    // A CSV can be one file of a set: the stream form writes the same bytes as writeCsv.
    void csvStreamFormMatchesFile()
    {
        QTemporaryDir dir;
        Table t;
        Attribute a;
        a.name = "a,b";
        a.categories = {"x", " y", "z\"q"};
        a.codes = {0, 1, 2, Attribute::kMissing};
        t.attributes.push_back(a);
        const std::string single = dir.filePath("single.csv").toStdString();
        const std::string inSet = dir.filePath("set.csv").toStdString();
        writeCsv(t, single, "?");
        writeFilesAtomically({{inSet, csvWriter(t, "?")}});
        QCOMPARE(readFile(inSet), readFile(single));
        QCOMPARE(readFile(single), std::string("\"a,b\"\nx\n\" y\"\n\"z\"\"q\"\n?\n"));
    }

    // Counts are written in full (an ostream's default 6 digits wrote 1234567 as 1.23457e+06).
    void csvWritesCountsExactly()
    {
        QTemporaryDir dir;
        Table t;
        Attribute a;
        a.name = "s";
        a.categories = {"x", "y", "z"};
        a.codes = {0, 1, 2};
        t.attributes.push_back(a);
        t.weights = {1234567, 0.1, 9007199254740992.0};
        const std::string path = dir.filePath("counts.csv").toStdString();
        writeCsv(t, path, "?", "count");
        QCOMPARE(readFile(path), std::string("s,count\nx,1234567\ny,0.1\nz,9007199254740992\n"));
    }
};

QTEST_GUILESS_MAIN(TestAtomicWrite)
#include "test_atomic_write.moc"
