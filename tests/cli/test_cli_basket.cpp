// `rr-explorer-cli basket ...`: randomized market baskets (004) on retail and small hand-made files:
// p[l -> l'] against FIDELITY, releases (reproducible, all or nothing, FILE.sizes), support recovery against
// the truth, mining against the original, worst-case breaches with the items that block a level, 002's
// reconstruction probability and epsilon against core's functions, and errors.
#include "cli/CoilCsv.h"

#include "TestSupport.h"

#include "core/baskets/FimiReader.h"
#include "core/baskets/PrivacyMeasures.h"

#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

using namespace rr::testcli;

namespace {

using Baskets = std::vector<std::set<int>>;

QString retail()
{
    return shared("retail/retail.dat");
}

// A FIMI file as sets of ids (blank lines are empty baskets), read independently of the CLI.
Baskets readBaskets(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    Baskets out;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        std::set<int> b;
        for (const QByteArray& tok : line.split(' '))
            if (!tok.trimmed().isEmpty())
                b.insert(tok.trimmed().toInt());
        out.push_back(b);
    }
    return out;
}

const Baskets& retailBaskets()
{
    static const Baskets b = readBaskets(retail());
    return b;
}

double trueSupport(const Baskets& baskets, const std::vector<int>& items)
{
    std::size_t n = 0;
    for (const auto& b : baskets)
        n += std::all_of(items.begin(), items.end(), [&](int a) { return b.count(a) > 0; });
    return static_cast<double>(n) / static_cast<double>(baskets.size());
}

QList<int> lines(const QByteArray& text)
{
    QList<int> out;
    for (const QByteArray& l : text.split('\n'))
        if (!l.isEmpty())
            out << l.toInt();
    return out;
}

// No NaN or infinity printed as a bare JSON token (the CLI's last guard; a parser would reject them anyway).
bool noNonFinite(const QByteArray& out)
{
    static const QRegularExpression bad("[:\\[,]\\s*-?(nan|inf)", QRegularExpression::CaseInsensitiveOption);
    return !bad.match(QString::fromUtf8(out)).hasMatch();
}

QJsonObject findItemset(const QJsonArray& list, const QList<int>& items)
{
    for (const auto& v : list) {
        QList<int> ids;
        for (const auto& i : v.toObject()["items"].toArray())
            ids << i.toInt();
        if (ids == items)
            return v.toObject();
    }
    return {};
}

} // namespace

#define RR_BASKET_OK(var, args)                                                                                        \
    RR_CLI_OK(var, args);                                                                                              \
    QVERIFY2(noNonFinite(var.out), var.out.left(2000).constData())

class TestCliBasket : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_cutPaste; // retail randomized by cut-and-paste K = 7, rho = 0.0005, seed 7

    static QStringList cutPasteOp() { return {"--operator", "cut-and-paste", "--cutoff", "7", "--rho", "0.0005"}; }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cutPaste = m_dir.filePath("cp.dat");
        RR_BASKET_OK(r, QStringList({"basket", "randomize", "--data", retail(), "--seed", "7", "--out", m_cutPaste})
                            << cutPasteOp());
    }

    // FIDELITY "Market baskets": p[l -> l'] for (m, k, K, rho) = (5, 3, 3, 0.1), column l = 2, and
    // p_m[j] of 004 (after Remark 4.2) against Definition 8 enumerated here.
    void transitionMatchesFidelity()
    {
        RR_BASKET_OK(r, (QStringList{"basket", "transition", "--operator", "cut-and-paste", "--m", "5", "--k", "3",
                                     "--cutoff", "3", "--rho", "0.1"}));
        const QJsonArray matrix = r.json()["matrix"].toArray();
        QCOMPARE(matrix.size(), 4);
        const double expected[4] = {0.3645, 0.4455, 0.1755, 0.0145};
        for (int lp = 0; lp < 4; ++lp)
            RR_COMPARE_NEAR(matrix[lp].toArray()[2].toDouble(), expected[lp], 1e-12);
        for (int l = 0; l < 4; ++l) { // columns are distributions
            double sum = 0;
            for (int lp = 0; lp < 4; ++lp)
                sum += matrix[lp].toArray()[l].toDouble();
            RR_COMPARE_NEAR(sum, 1.0, 1e-12);
        }
        // Def. 8: j uniform on 0..K, min(j, m) items kept, each of the other m - i inserted with rho.
        const int m = 5, K = 3;
        const double rho = 0.1;
        std::vector<double> pm(m + 1, 0.0);
        for (int j = 0; j <= K; ++j) {
            const int i = std::min(j, m);
            for (int r2 = 0; r2 <= m - i; ++r2) {
                double binom = 1;
                for (int t = 0; t < r2; ++t)
                    binom = binom * (m - i - t) / (t + 1);
                pm[static_cast<std::size_t>(i + r2)] +=
                    binom * std::pow(rho, r2) * std::pow(1 - rho, m - i - r2) / (K + 1);
            }
        }
        const QList<double> got = numberList(r.json()["size_probabilities"]);
        QCOMPARE(got.size(), m + 1);
        for (int j = 0; j <= m; ++j)
            RR_COMPARE_NEAR(got[j], pm[static_cast<std::size_t>(j)], 1e-15);
        RR_COMPARE_NEAR(got[0], 0.1476225, 1e-12); // 0.9^5 (1/4) + ... as printed by the formula
        RR_COMPARE_NEAR(got[5], 0.0027775, 1e-12);

        // cut-and-paste is the select-a-size with these p_m[j] (004 Remark 4.2): same matrix
        QStringList sizes;
        for (double p : got)
            sizes << QString::number(p, 'g', 17);
        RR_BASKET_OK(s, (QStringList{"basket", "transition", "--operator", "select-a-size", "--m", "5", "--k", "3",
                                     "--rho", "0.1", "--sizes", sizes.join(",")}));
        const QJsonArray same = s.json()["matrix"].toArray();
        for (int lp = 0; lp < 4; ++lp)
            for (int l = 0; l < 4; ++l)
                RR_COMPARE_NEAR(same[lp].toArray()[l].toDouble(), matrix[lp].toArray()[l].toDouble(), 1e-12);
    }

    // Same seed, same bytes (release and sizes); another seed differs; FILE.sizes holds the original sizes, in
    // the release's (random) order.
    void randomizeIsReproducibleAndKeepsSizes()
    {
        const QString a = m_dir.filePath("a.dat"), b = m_dir.filePath("b.dat"), c = m_dir.filePath("c.dat");
        RR_BASKET_OK(ra, QStringList({"basket", "randomize", "--data", retail(), "--seed", "42", "--out", a})
                             << cutPasteOp());
        RR_BASKET_OK(rb, QStringList({"basket", "randomize", "--data", retail(), "--seed", "42", "--out", b})
                             << cutPasteOp());
        RR_BASKET_OK(rc, QStringList({"basket", "randomize", "--data", retail(), "--seed", "43", "--out", c})
                             << cutPasteOp());
        QVERIFY(!readAll(a).isEmpty());
        QCOMPARE(readAll(a), readAll(b));
        QCOMPARE(readAll(a + ".sizes"), readAll(b + ".sizes"));
        QVERIFY(readAll(a) != readAll(c));
        const QJsonObject j = ra.json();
        QVERIFY(j["generator"].toString().startsWith("seeded"));
        QVERIFY(j["generator"].toString().contains("not for release"));
        QCOMPARE(j["secure"].toBool(), false);
        QCOMPARE(j["sizes_written"].toBool(), true);
        QCOMPARE(j["sizes_file"].toString(), a + ".sizes");
        QCOMPARE(j["baskets"].toInt(), 88162);
        QCOMPARE(j["items"].toInt(), 16470);
        QCOMPARE(j["data"].toObject()["occurrences"].toInt(), 908576);
        const QList<int> sizes = lines(readAll(a + ".sizes"));
        QCOMPARE(sizes.size(), 88162);
        const Baskets& original = retailBaskets();
        QList<int> originalSizes;
        for (const auto& basket : original)
            originalSizes.push_back(int(basket.size()));
        QVERIFY(sizes != originalSizes); // not the input's order
        QList<int> sorted = sizes;
        std::sort(sorted.begin(), sorted.end());
        std::sort(originalSizes.begin(), originalSizes.end());
        QCOMPARE(sorted, originalSizes);
        QCOMPARE(readBaskets(a).size(), std::size_t(88162)); // one basket a line, empty baskets included
        // kept + inserted = the release; kept is about E[min(J, m)] + rho (m - min(J, m)) per basket
        QCOMPARE(j["kept_occurrences"].toInt() + j["inserted_occurrences"].toInt(), j["release_occurrences"].toInt());
        RR_COMPARE_RELATIVE(j["release_occurrences"].toDouble(), j["expected_release_occurrences"].toDouble(), 0.01);
    }

    // The release's order is a uniform permutation of the input's: with item-bits at p = 1 (the identity) basket
    // i = {i} comes back once on some line, and the line says nothing about i (Spearman's rho ~ 0). Uniform
    // keeps each basket's size, so line i of FILE.sizes must be the size of the basket on line i.
    void randomizeShufflesTheBaskets()
    {
        const int n = 20000;
        const QString data = m_dir.filePath("ordered.dat"), out = m_dir.filePath("ordered-release.dat");
        {
            QFile f(data);
            QVERIFY(f.open(QIODevice::WriteOnly));
            for (int i = 0; i < n; ++i)
                f.write(QByteArray::number(i) + "\n");
        }
        RR_BASKET_OK(r, (QStringList{"basket", "randomize", "--data", data, "--operator", "item-bits", "--p", "1",
                                     "--seed", "5", "--out", out}));
        QCOMPARE(r.json()["order"].toString(), QString("random"));
        const Baskets released = readBaskets(out);
        QCOMPARE(released.size(), std::size_t(n));
        std::vector<double> position, original;
        std::vector<char> seen(n, 0);
        for (std::size_t line = 0; line < released.size(); ++line) {
            QCOMPARE(released[line].size(), std::size_t(1));
            const int i = *released[line].begin();
            QVERIFY(i >= 0 && i < n && !seen[i]);
            seen[i] = 1;
            position.push_back(double(line));
            original.push_back(double(i));
        }
        // both are ranks 0..n-1, so Pearson's r of them is Spearman's rho
        const double mean = (n - 1) / 2.0;
        double sxy = 0, sxx = 0;
        for (int k = 0; k < n; ++k) {
            sxy += (position[k] - mean) * (original[k] - mean);
            sxx += (position[k] - mean) * (position[k] - mean);
        }
        const double rho = sxy / sxx;
        QVERIFY2(std::abs(rho) < 0.03, qPrintable(QString::number(rho)));

        const QString uniform = m_dir.filePath("uniform.dat");
        RR_BASKET_OK(u, (QStringList{"basket", "randomize", "--data", retail(), "--operator", "uniform", "--p", "0.3",
                                     "--seed", "9", "--out", uniform}));
        const Baskets uniformBaskets = readBaskets(uniform);
        const QList<int> sizes = lines(readAll(uniform + ".sizes"));
        QCOMPARE(sizes.size(), int(uniformBaskets.size()));
        for (int k = 0; k < sizes.size(); ++k)
            QCOMPARE(sizes[k], int(uniformBaskets[static_cast<std::size_t>(k)].size()));
    }

    // A release is never more readable than the baskets it comes from (FILE and FILE.sizes alike).
    void releaseKeepsTheInputPrivate()
    {
        const QString data = m_dir.filePath("private.dat"), out = m_dir.filePath("private-release.dat");
        QVERIFY(QFile::copy(retail(), data));
        QVERIFY(QFile::setPermissions(data, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        RR_BASKET_OK(r, QStringList({"basket", "randomize", "--data", data, "--seed", "3", "--out", out})
                            << cutPasteOp());
        for (const QString& f : {out, out + ".sizes"})
            QCOMPARE(QFile::permissions(f) & (QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                              QFileDevice::WriteGroup | QFileDevice::WriteOther),
                     QFileDevice::Permissions());
    }

    void randomizeSecure()
    {
        const QString out = m_dir.filePath("secure.dat");
        RR_BASKET_OK(r, QStringList({"basket", "randomize", "--data", retail(), "--secure", "--out", out})
                            << cutPasteOp());
        QVERIFY(r.json()["generator"].toString().startsWith("secure"));
        QCOMPARE(r.json()["secure"].toBool(), true);
        QCOMPARE(lines(readAll(out + ".sizes")).size(), 88162);
    }

    // The release and FILE.sizes are one: FILE.sizes a folder fails the write and leaves FILE as it was.
    void randomizeIsAllOrNothing()
    {
        const QString fresh = m_dir.filePath("fresh.dat"), old = m_dir.filePath("old.dat");
        QVERIFY(QDir(m_dir.path()).mkdir("fresh.dat.sizes"));
        QVERIFY(QDir(m_dir.path()).mkdir("old.dat.sizes"));
        writeFile(m_dir, "old.dat", "previous release\n");
        for (const QString& out : {fresh, old}) {
            const CliRun r = runCli(
                QStringList({"basket", "randomize", "--data", retail(), "--seed", "1", "--out", out}) << cutPasteOp());
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(".sizes") && r.err.contains("folder"), r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
        QVERIFY(!QFile::exists(fresh));
        QCOMPARE(readAll(old), QByteArray("previous release\n"));
        QVERIFY(QDir(m_dir.path()).entryList({"*.tmp*", ".*tmp*"}, QDir::Files | QDir::Hidden).isEmpty());
    }

    // Per-item operators write no .sizes (and say so); frequency-aware writes its frequent items.
    void randomizePerItem()
    {
        const QString data = writeFile(m_dir, "small.dat", "1 2 3\n1 2\n1\n1 4\n\n2 2 5\n");
        const QString bits = m_dir.filePath("bits.dat"), fa = m_dir.filePath("fa.dat");
        RR_BASKET_OK(r, (QStringList{"basket", "randomize", "--data", data, "--operator", "item-bits", "--p", "0.9",
                                     "--seed", "5", "--out", bits}));
        QCOMPARE(r.json()["sizes_written"].toBool(), false);
        QVERIFY(r.json()["sizes_file"].isNull());
        QVERIFY(!QFile::exists(bits + ".sizes"));
        QVERIFY(stringList(r.json()["notes"]).join(" ").contains("no .sizes file"));
        QCOMPARE(readBaskets(bits).size(), std::size_t(6));
        // the input's empty line and repeated item are reported, not dropped
        const QJsonObject in = r.json()["data"].toObject();
        QCOMPARE(in["empty_lines"].toInt(), 1);
        QCOMPARE(numberList(in["first_empty_lines"]), QList<double>{5});
        QCOMPARE(in["duplicates_collapsed"].toInt(), 1);
        QCOMPARE(in["first_duplicate_line"].toInt(), 6);
        QCOMPARE(in["baskets"].toInt(), 6);
        // item 1 is in 4 of 6 baskets, item 2 in 3: frequent at 0.5
        RR_BASKET_OK(f, (QStringList{"basket", "randomize", "--data", data, "--operator", "frequency-aware", "--fp",
                                     "0.95", "--nfp", "0.8", "--frequent-support", "0.5", "--seed", "5", "--out", fa}));
        QCOMPARE(f.json()["frequent_items"].toInt(), 2);
        QCOMPARE(lines(readAll(fa + ".frequent")), (QList<int>{1, 2}));
        RR_BASKET_OK(e, (QStringList{"basket", "estimate", "--data", fa, "--items", "6", "--operator",
                                     "frequency-aware", "--fp", "0.95", "--nfp", "0.8", "--itemsets", "1;1 2"}));
        QCOMPARE(e.json()["frequent_file"].toString(), fa + ".frequent");
    }

    // No randomization (per-item bits kept with p = 1): the true supports, variance 0.
    void estimateUnrandomizedIsExact()
    {
        RR_BASKET_OK(r, (QStringList{"basket", "estimate", "--data", retail(), "--operator", "item-bits", "--p", "1",
                                     "--itemsets", "39;48;39 48", "--alpha", "0.05"}));
        const QJsonArray list = r.json()["itemsets"].toArray();
        QCOMPARE(list.size(), 3);
        const double truth[3] = {50675.0 / 88162, 42135.0 / 88162, 29142.0 / 88162};
        for (int i = 0; i < 3; ++i) {
            const QJsonObject s = list[i].toObject();
            RR_COMPARE_NEAR(s["estimate"].toDouble(), truth[i], 1e-15);
            RR_COMPARE_NEAR(s["variance"].toDouble(), 0.0, 1e-18);
            const QList<double> partial = numberList(s["partial_supports"]);
            RR_COMPARE_NEAR(partial.last(), truth[i], 1e-15);
            RR_COMPARE_NEAR(std::accumulate(partial.begin(), partial.end(), 0.0), 1.0, 1e-12);
            RR_COMPARE_NEAR(s["normal"].toArray()[0].toDouble(), truth[i], 1e-15); // a zero-width range
        }
        RR_COMPARE_NEAR(trueSupport(retailBaskets(), {39}), 50675.0 / 88162, 0);
        RR_COMPARE_NEAR(trueSupport(retailBaskets(), {39, 48}), 29142.0 / 88162, 0);
        QCOMPARE(numberList(list[2].toObject()["items"]), (QList<double>{39, 48}));
    }

    // --original must have the release's baskets per size (FILE.sizes is in the release's random order): one
    // basket of the original one item shorter is caught, naming both sizes' counts.
    void originalWithOtherSizesIsRefused()
    {
        QByteArray text = readAll(retail());
        int end = text.indexOf('\n');
        while (end > 0 && text[end - 1] == ' ') // the file's lines end in a space
            --end;
        const int lastSpace = text.lastIndexOf(' ', end - 1);
        QVERIFY(end > 0 && lastSpace > 0);
        text.remove(lastSpace, end - lastSpace); // basket 1 loses its last item
        const QString other = m_dir.filePath("retail-other.dat");
        {
            QFile f(other);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        const CliRun r = runCli(QStringList({"basket", "estimate", "--data", m_cutPaste, "--items", "16470",
                                             "--itemsets", "39", "--original", other})
                                << cutPasteOp());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("baskets of 29 items") && r.err.contains("not the data the release was made from"),
                 r.err.constData());
    }

    // A seeded cut-and-paste release: recovered supports within 4 sigma of the truth (computed here), sigmas
    // small enough to mean something, and ranges of width 2 z_{0.025} sigma.
    void estimateCutAndPasteWithinFourSigma()
    {
        RR_BASKET_OK(
            r, QStringList({"basket", "estimate", "--data", m_cutPaste, "--items", "16470", "--itemsets",
                            "39;48;32;41;38;39 48;39 41;38 39;39 41 48", "--alpha", "0.05", "--original", retail()})
                   << cutPasteOp());
        const QJsonObject j = r.json();
        QCOMPARE(j["sizes_file"].toString(), m_cutPaste + ".sizes");
        const QList<QList<int>> sets{{39}, {48}, {32}, {41}, {38}, {39, 48}, {39, 41}, {38, 39}, {39, 41, 48}};
        const QJsonArray list = j["itemsets"].toArray();
        QCOMPARE(list.size(), sets.size());
        for (int i = 0; i < sets.size(); ++i) {
            const QJsonObject s = list[i].toObject();
            const std::vector<int> items(sets[i].begin(), sets[i].end());
            const double truth = trueSupport(retailBaskets(), items);
            RR_COMPARE_NEAR(s["true_support"].toDouble(), truth, 1e-15);
            const double sigma = s["sigma"].toDouble();
            QVERIFY2(sigma > 0 && sigma < 0.02, qPrintable(QString::number(sigma)));
            QVERIFY2(std::abs(s["estimate"].toDouble() - truth) < 4 * sigma,
                     qPrintable(QString("itemset %1: %2 vs %3, sigma %4")
                                    .arg(i)
                                    .arg(s["estimate"].toDouble())
                                    .arg(truth)
                                    .arg(sigma)));
            const QJsonArray raw = s["raw_normal"].toArray();
            RR_COMPARE_NEAR(raw[1].toDouble() - raw[0].toDouble(), 2 * 1.959963984540054 * sigma, 1e-9);
            QCOMPARE(numberList(s["partial_supports"]).size(), sets[i].size() + 1);
        }
    }

    // An itemset the operator cannot recover (K = 1 keeps at most one item of a basket): null with a reason.
    void estimateUndefinedIsNullWithReason()
    {
        const QString data = writeFile(m_dir, "tiny.dat", "0 2\n2 5\n0 1 4 5\n2 3 4 5\n3\n");
        const QString out = m_dir.filePath("tiny-r.dat");
        const QStringList op{"--operator", "cut-and-paste", "--cutoff", "1", "--rho", "0.3"};
        RR_BASKET_OK(w, QStringList({"basket", "randomize", "--data", data, "--seed", "1", "--out", out}) << op);
        RR_BASKET_OK(r, QStringList({"basket", "estimate", "--data", out, "--items", "6", "--itemsets", "0 4 5;3",
                                     "--alpha", "0.1"})
                            << op);
        const QJsonObject bad = r.json()["itemsets"].toArray()[0].toObject();
        QVERIFY(bad["estimate"].isNull() && bad["variance"].isNull() && bad["normal"].isNull());
        QVERIFY2(bad["reason"].toString().contains("singular"), qPrintable(bad["reason"].toString()));
        const QJsonObject ok = r.json()["itemsets"].toArray()[1].toObject();
        QVERIFY(ok["estimate"].isDouble() && ok["reason"].isNull());
    }

    // Mining the unrandomized data recovers the original's itemsets exactly: precision = recall = 1.
    void mineWithoutRandomizationIsExact()
    {
        RR_BASKET_OK(r, (QStringList{"basket", "mine", "--data", retail(), "--operator", "item-bits", "--p", "1",
                                     "--min-support", "0.01", "--original", retail()}));
        const QJsonObject c = r.json()["comparison"].toObject();
        QCOMPARE(c["precision"].toDouble(), 1.0);
        QCOMPARE(c["recall"].toDouble(), 1.0);
        QCOMPARE(c["accuracy"].toDouble(), 100.0);
        QCOMPARE(c["false_positives"].toInt(), 0);
        QCOMPARE(c["false_drops"].toInt(), 0);
        // 1-itemsets at >= 1%, counted here
        std::map<int, std::size_t> counts;
        for (const auto& b : retailBaskets())
            for (int a : b)
                ++counts[a];
        int frequentItems = 0;
        for (const auto& [a, n] : counts)
            frequentItems += static_cast<double>(n) >= 0.01 * 88162;
        const QJsonObject k1 = c["by_size"].toArray()[0].toObject();
        QCOMPARE(k1["true_itemsets"].toInt(), frequentItems);
        QCOMPARE(r.json()["levels"].toArray()[0].toObject()["frequent"].toInt(), frequentItems);
        QCOMPARE(c["true_itemsets"].toInt(), r.json()["found"].toInt());
        const QJsonObject pair = findItemset(r.json()["itemsets"].toArray(), {39, 48});
        RR_COMPARE_NEAR(pair["support"].toDouble(), 29142.0 / 88162, 1e-15);
        RR_COMPARE_NEAR(pair["sigma"].toDouble(), 0.0, 0);
    }

    // Mining a cut-and-paste release: precision and recall in [0, 1], and 004 Tables 2-3 add up per size.
    void mineCutAndPasteRelease()
    {
        RR_BASKET_OK(r, QStringList({"basket", "mine", "--data", m_cutPaste, "--items", "16470", "--min-support",
                                     "0.01", "--original", retail()})
                            << cutPasteOp());
        const QJsonObject c = r.json()["comparison"].toObject();
        const double precision = c["precision"].toDouble(), recall = c["recall"].toDouble();
        QVERIFY2(precision >= 0.7 && precision <= 1.0, qPrintable(QString::number(precision)));
        QVERIFY2(recall >= 0.7 && recall <= 1.0, qPrintable(QString::number(recall)));
        QCOMPARE(c["found"].toInt(), r.json()["found"].toInt());
        QCOMPARE(c["true_positives"].toInt() + c["false_positives"].toInt(), c["found"].toInt());
        QCOMPARE(c["true_positives"].toInt() + c["false_drops"].toInt(), c["true_itemsets"].toInt());
        RR_COMPARE_NEAR(precision, double(c["true_positives"].toInt()) / c["found"].toInt(), 1e-15);
        QCOMPARE(numberList(c["bin_edges"]), (QList<double>{0.005, 0.0075, 0.01}));
        for (const auto& row : c["by_size"].toArray()) {
            const QJsonObject s = row.toObject();
            const QList<double> predicted = numberList(s["true_by_predicted"]);
            const QList<double> found = numberList(s["found_by_true"]);
            QCOMPARE(std::accumulate(predicted.begin(), predicted.end(), 0.0) + s["true_unpredictable"].toInt(),
                     double(s["true_itemsets"].toInt()));
            QCOMPARE(predicted.last(), double(s["true_positives"].toInt())); // found = predicted >= s_min
            QCOMPARE(std::accumulate(found.begin(), found.end(), 0.0),
                     double(s["true_positives"].toInt() + s["false_positives"].toInt()));
            QCOMPARE(found.last(), double(s["true_positives"].toInt()));
        }
        for (const auto& v : r.json()["itemsets"].toArray())
            QVERIFY(v.toObject()["support"].toDouble() >= 0.01);
    }

    // Retail at 50%: item 39 (57.5% of all baskets) blocks the level for any operator.
    void breachNamesBlockingItems()
    {
        RR_BASKET_OK(r, (QStringList{"basket", "breach", "--data", retail(), "--operator", "cut-and-paste", "--level",
                                     "0.5", "--max-itemset-size", "3"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["feasible"].toBool(), false);
        const QJsonArray blocking = j["blocking_items"].toArray();
        QCOMPARE(blocking.size(), 2);
        const QJsonObject item39 = blocking[0].toObject();
        QCOMPARE(item39["item"].toInt(), 39);
        QCOMPARE(item39["baskets"].toInt(), 50675);
        RR_COMPARE_NEAR(item39["support"].toDouble(), 50675.0 / 88162, 1e-15);
        QCOMPARE(blocking[1].toObject()["item"].toInt(), 48);
        QVERIFY(stringList(j["notes"]).join(" ").contains("--public"));
        // size 4: item 39 is in 3,622 of its 7,210 baskets
        const QJsonObject size4 = j["parameters"].toObject()["sizes"].toArray()[3].toObject();
        QCOMPARE(size4["m"].toInt(), 4);
        QCOMPARE(size4["feasible"].toBool(), false);
        QVERIFY(size4["rho"].isNull());
        QVERIFY2(size4["reason"].toString().contains("50.2% of the baskets of size 4"),
                 qPrintable(size4["reason"].toString()));
        QCOMPARE(size4["blocking_items"].toArray()[0].toObject()["item"].toInt(), 39);
        QCOMPARE(size4["blocking_items"].toArray()[0].toObject()["baskets"].toInt(), 3622);
    }

    // With 39 and 48 public and baskets above 40 items withheld (004 Sec. 5.3), every size gets parameters;
    // the k = 1 posterior of size 1 at the chosen (K, rho), from Def. 8 here, sits just under the level.
    void breachWithPublicItemsIsFeasible()
    {
        const QString table = m_dir.filePath("rho-table.txt");
        RR_BASKET_OK(r, (QStringList{"basket", "breach", "--data", retail(), "--operator", "cut-and-paste", "--level",
                                     "0.5", "--max-itemset-size", "3", "--public", "39,48", "--max-basket-size", "40",
                                     "--write-rho-table", table}));
        const QJsonObject j = r.json();
        QCOMPARE(j["feasible"].toBool(), true);
        QVERIFY(j["blocking_items"].toArray().isEmpty());
        QCOMPARE(numberList(j["public_items"]), (QList<double>{39, 48}));
        QCOMPARE(j["withheld_baskets"].toInt(), 661);
        const QJsonArray sizes = j["parameters"].toObject()["sizes"].toArray();
        QCOMPARE(sizes.size(), 40);
        for (const auto& v : sizes) {
            const QJsonObject s = v.toObject();
            QVERIFY(s["feasible"].toBool());
            QVERIFY(s["cutoff"].toInt() >= 3 && s["cutoff"].toInt() <= 10);
            QVERIFY(s["rho"].toDouble() > 0 && s["rho"].toDouble() < 1);
            QVERIFY(s["worst_breach"].toDouble() < 0.5);
            QCOMPARE(s["cutoffs"].toArray().size(), 8);
        }
        // size 1: s = the largest share of a non-public item among the 3,016 single-item baskets
        std::map<int, int> single;
        for (const auto& b : retailBaskets())
            if (b.size() == 1 && !b.count(39) && !b.count(48))
                ++single[*b.begin()];
        int top = 0;
        for (const auto& [a, n] : single)
            top = std::max(top, n);
        const double s = top / 3016.0;
        const QJsonObject one = sizes[0].toObject();
        QCOMPARE(one["worst_k"].toInt(), 1);
        const int K = one["cutoff"].toInt();
        const double rho = one["rho"].toDouble();
        const double keep = double(K) / (K + 1) + rho / (K + 1); // p[1 -> 1]: kept, or cut and re-inserted
        const double posterior = s * keep / (s * keep + (1 - s) * rho);
        QVERIFY(posterior < 0.5);
        RR_COMPARE_NEAR(posterior, 0.5, 1e-6);
        RR_COMPARE_NEAR(one["worst_breach"].toDouble(), posterior, 1e-9);
        // the table for --rho-table: one line per size, the chosen K and rho
        const QList<QByteArray> rows = readAll(table).split('\n');
        QCOMPARE(rows.at(1),
                 QByteArray::number(1) + ' ' + QByteArray::number(K) + ' ' + QByteArray::number(rho, 'g', 17));
        QCOMPARE(
            std::count_if(rows.begin(), rows.end(), [](const QByteArray& l) { return !l.isEmpty() && l[0] != '#'; }),
            40);
    }

    // The given operator's breaches per size and itemset size; per-item bits searched over all baskets.
    void breachOfGivenParameters()
    {
        const QString smax =
            writeFile(m_dir, "smax.txt", "# s_max\n1 0.2\n2 0.25 0.05\n3 0.3 0.06 0.01\n* 0.3 0.06 0.01\n");
        RR_BASKET_OK(r, (QStringList{"basket", "breach", "--max-supports", smax, "--baskets", "1000", "--operator",
                                     "cut-and-paste", "--cutoff", "5", "--rho", "0.3", "--level", "0.5",
                                     "--max-itemset-size", "3"}));
        const QJsonArray sizes = r.json()["breaches"].toObject()["sizes"].toArray();
        QCOMPARE(sizes.size(), 3);
        // size 1, k = 1, by Def. 8 with K = 5: p[1 -> 1] = 5/6 + rho/6, p[0 -> 1] = rho
        const double keep = 5.0 / 6 + 0.3 / 6;
        RR_COMPARE_NEAR(sizes[0].toObject()["by_itemset_size"].toArray()[0].toObject()["breach"].toDouble(),
                        0.2 * keep / (0.2 * keep + 0.8 * 0.3), 1e-12);
        QCOMPARE(r.json()["parameters"].toObject()["sizes"].toArray().size(), 3);
        RR_BASKET_OK(b, (QStringList{"basket", "breach", "--max-supports", smax, "--operator", "item-bits", "--level",
                                     "0.5", "--max-itemset-size", "3"}));
        const QJsonObject keepChoice = b.json()["parameters"].toObject()["keep_probability"].toObject();
        QVERIFY(keepChoice["feasible"].toBool());
        QVERIFY(keepChoice["value"].toDouble() > 0.5 && keepChoice["value"].toDouble() < 1);
        QVERIFY(keepChoice["worst_breach"].toDouble() < 0.5);
    }

    // `basket privacy`: R over the items (002 eq. 16, 17), R(p, s) at --supports and epsilon per size equal
    // core's PrivacyMeasures on the same file; replacing operators say why R does not apply.
    void privacyEqualsCore()
    {
        const QString small = shared("baskets/small.dat");
        const rr::BasketSummary summary = rr::summarize(rr::readFimiFile(small.toStdString()).transactions);
        std::vector<double> supports;
        for (std::size_t c : summary.itemCounts)
            supports.push_back(static_cast<double>(c) / static_cast<double>(summary.baskets));
        const std::uint32_t n = summary.itemCount;

        RR_BASKET_OK(bits, (QStringList{"basket", "privacy", "--data", small, "--operator", "item-bits", "--p", "0.9",
                                        "--supports", "0.05,0.5"}));
        const QJsonObject r = bits.json()["reconstruction_probability"].toObject();
        QVERIFY(r["defined"].toBool());
        QCOMPARE(r["equation"].toString(), QString("002 eq. 16"));
        RR_COMPARE_NEAR(r["overall"].toDouble(), rr::reconstructionProbability(0.9, supports), 1e-12);
        const QJsonArray at = r["by_support"].toArray();
        QCOMPARE(at.size(), 2);
        RR_COMPARE_NEAR(at[0].toObject()["R"].toDouble(), rr::reconstructionProbability(0.9, 0.05), 1e-12);
        RR_COMPARE_NEAR(at[1].toObject()["R"].toDouble(), rr::reconstructionProbability(0.9, 0.5), 1e-12);
        const QJsonObject e = bits.json()["epsilon"].toObject();
        QVERIFY(e["ldp"].toBool());
        QVERIFY(e["by_size"].toArray()[0].toObject()["m"].isNull());
        RR_COMPARE_NEAR(e["value"].toDouble(), rr::basketEpsilon(rr::itemBitsOperator(0.9), 0, n).value, 1e-9);
        RR_COMPARE_NEAR(e["value"].toDouble(), n * std::log(9.0), 1e-9);

        RR_BASKET_OK(fa, (QStringList{"basket", "privacy", "--data", small, "--operator", "frequency-aware", "--fp",
                                      "0.9", "--nfp", "0.8", "--frequent-support", "0.3"}));
        const auto frequent = rr::frequentItemFlags(summary.itemCounts, summary.baskets, 0.3);
        const QJsonObject rf = fa.json()["reconstruction_probability"].toObject();
        QCOMPARE(rf["equation"].toString(), QString("002 eq. 17"));
        RR_COMPARE_NEAR(rf["overall"].toDouble(), rr::reconstructionProbability(0.9, 0.8, supports, frequent), 1e-12);
        QCOMPARE(rf["classes"].toArray()[0].toObject()["items"].toInt(),
                 static_cast<int>(std::count(frequent.begin(), frequent.end(), 1)));

        RR_BASKET_OK(cp, (QStringList{"basket", "privacy", "--data", small, "--operator", "cut-and-paste", "--cutoff",
                                      "3", "--rho", "0.4"}));
        const QJsonObject rc = cp.json()["reconstruction_probability"].toObject();
        QVERIFY(!rc["defined"].toBool());
        QVERIFY(rc["reason"].toString().contains("cut-and-paste"));
        const rr::BasketOperator op = rr::cutAndPasteOperator(3, 0.4, summary.maxSize);
        const QJsonArray sizes = cp.json()["epsilon"].toObject()["by_size"].toArray();
        QCOMPARE(sizes.size(), 5); // sizes 1..5
        double worst = 0;
        for (const auto& v : sizes) {
            const QJsonObject row = v.toObject();
            const double core = rr::basketEpsilon(op, row["m"].toInt(), n).value;
            RR_COMPARE_NEAR(row["epsilon"].toDouble(), core, 1e-12);
            QCOMPARE(row["baskets"].toInt(), static_cast<int>(summary.sizeHistogram[row["m"].toInt()]));
            worst = std::max(worst, core);
        }
        RR_COMPARE_NEAR(cp.json()["epsilon"].toObject()["value"].toDouble(), worst, 1e-12);

        // Select-a-size with one size's p_m[j]: that size only; p_m[0] = 0 leaves it without a finite epsilon.
        RR_BASKET_OK(sel, (QStringList{"basket", "privacy", "--data", small, "--operator", "select-a-size", "--rho",
                                       "0.3", "--sizes", "0,0.2,0.3,0.5"}));
        const QJsonObject es = sel.json()["epsilon"].toObject();
        QVERIFY(!es["ldp"].toBool());
        QVERIFY(es["value"].isNull());
        QCOMPARE(es["by_size"].toArray().size(), 1);
        QCOMPARE(es["by_size"].toArray()[0].toObject()["m"].toInt(), 3);
        QVERIFY(es["note"].toString().startsWith("baskets of size 3: some p_m[a] is 0"));
    }

    // A CSV of 0/1 columns (COIL A..J): items are the columns, the release is 0/1 columns too.
    void csvColumns()
    {
        const QString coil = writeCoilCsv(m_dir, "coil.csv", "ABCDEFGHIJ");
        const QString out = m_dir.filePath("coil-r.csv");
        const QStringList op{"--operator", "cut-and-paste", "--cutoff", "3", "--rho", "0.1"};
        RR_BASKET_OK(
            w,
            QStringList({"basket", "randomize", "--data", coil, "--columns", "A,B,C,D,E", "--seed", "3", "--out", out})
                << op);
        QCOMPARE(w.json()["items"].toInt(), 5);
        QCOMPARE(stringList(w.json()["data"].toObject()["columns"]), (QStringList{"A", "B", "C", "D", "E"}));
        QVERIFY(readAll(out).startsWith("A,B,C,D,E\n"));
        RR_BASKET_OK(e, QStringList({"basket", "estimate", "--data", out, "--itemsets", "A;A,B", "--original", coil,
                                     "--columns", "A,B,C,D,E"})
                            << op);
        for (const auto& v : e.json()["itemsets"].toArray()) {
            const QJsonObject s = v.toObject();
            QVERIFY(s["items"].toArray()[0].isString());
            RR_COMPARE_NEAR(s["error_in_sigmas"].toDouble(), 0.0, 4.0);
        }
        QCOMPARE(stringList(e.json()["itemsets"].toArray()[1].toObject()["items"]), (QStringList{"A", "B"}));

        // The CSV is streamed (read twice, never held): a value other than 0 and 1, or a missing one, stops the
        // release naming the column (and the record), and nothing is written.
        const QString bad = writeFile(m_dir, "bad01.csv", "A,B\n1,0\n0,1\n1,2\n");
        const QString gap = writeFile(m_dir, "gap01.csv", "A,B\n1,0\n0,1\n0,?\n");
        for (const auto& [file, fragment] : {std::pair{bad, QByteArray("column B has the value '2'")},
                                             std::pair{gap, QByteArray("record 3 has no value in column B")}}) {
            const QString target = m_dir.filePath("bad-r.csv");
            const CliRun r = runCli(QStringList({"basket", "randomize", "--data", file, "--seed", "3", "--out", target})
                                    << op);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(fragment), r.err.constData());
            QVERIFY(!QFileInfo::exists(target));
        }
    }

    void help()
    {
        const auto helpOf = [](const QStringList& args) {
            const CliRun r = runCli(args);
            return r.ok() ? r.out : QByteArray();
        };
        const QByteArray basket = helpOf({"basket", "--help"});
        for (const char* sub : {"transition", "randomize", "estimate", "mine", "breach"})
            QVERIFY2(basket.contains(QByteArray("  ") + sub + ' '), basket.constData());
        const QByteArray transition = helpOf({"basket", "transition", "--help"});
        QVERIFY(transition.contains("--operator") && transition.contains("004 Def. 8"));
        QVERIFY(transition.startsWith("Usage: rr-explorer-cli basket transition [options]"));
        QVERIFY(helpOf({"help", "basket", "breach"}).contains("--public"));
        QVERIFY(helpOf({"--help"}).contains("  basket "));
        const CliRun none = runCli({"basket"});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("'basket' needs a subcommand (transition, randomize, estimate, mine, breach"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        const QString small = writeFile(m_dir, "bad.dat", "1 2\n3\n4 5 6\n2\n");
        writeFile(m_dir, "bad.dat.sizes", "2\n1\n3\n");
        const QString rel = writeFile(m_dir, "ok.dat", "1 2\n3\n");
        writeFile(m_dir, "ok.dat.sizes", "2\n1\n");
        const QString rt = writeFile(m_dir, "bad-table.txt", "1 3 0.2\n2 0 0.2\n");
        const QStringList cp{"--operator", "cut-and-paste", "--cutoff", "3", "--rho", "0.2"};
        const QStringList tr{"basket", "transition", "--m", "5", "--k", "3"};
        QTest::newRow("unknown operator") << (QStringList(tr) << "--operator"
                                                              << "shuffle")
                                          << "unknown basket operator 'shuffle'";
        QTest::newRow("rho above 1") << (QStringList(tr) << "--operator"
                                                         << "cut-and-paste"
                                                         << "--cutoff"
                                                         << "3"
                                                         << "--rho"
                                                         << "1.5")
                                     << "--rho (randomization level rho_m, 004 Def. 7, 8) must lie in (0, 1)";
        QTest::newRow("rho negative") << (QStringList(tr) << "--operator"
                                                          << "cut-and-paste"
                                                          << "--cutoff"
                                                          << "3"
                                                          << "--rho"
                                                          << "-0.1")
                                      << "must lie in (0, 1), got -0.1";
        QTest::newRow("missing sizes") << (QStringList(tr) << "--operator"
                                                           << "select-a-size"
                                                           << "--rho"
                                                           << "0.1")
                                       << "select-a-size needs --rho R and --sizes";
        QTest::newRow("sizes not summing to 1") << (QStringList(tr) << "--operator"
                                                                    << "select-a-size"
                                                                    << "--rho"
                                                                    << "0.1"
                                                                    << "--sizes"
                                                                    << "0.1,0.1,0.1,0.1,0.1,0.1")
                                                << "sum to 0.6, not 1";
        QTest::newRow("cutoff 0") << (QStringList(tr) << "--operator"
                                                      << "cut-and-paste"
                                                      << "--cutoff"
                                                      << "0"
                                                      << "--rho"
                                                      << "0.1")
                                  << "--cutoff (K_m, 004 Def. 8) must be an integer in 1..100000";
        QTest::newRow("keep below 1/2") << (QStringList(tr) << "--operator"
                                                            << "item-bits"
                                                            << "--p"
                                                            << "0.4")
                                        << "--p (item-bits keep probability, 003 Ch. 3) must lie in (0.5, 1]";
        QTest::newRow("option of another operator") << (QStringList(tr) << "--operator"
                                                                        << "cut-and-paste"
                                                                        << "--p"
                                                                        << "0.9")
                                                    << "--p applies to item-bits and uniform, not to cut-and-paste";
        QTest::newRow("non-integer item")
            << (QStringList{"basket", "estimate", "--data", rel, "--itemsets", "1 x"} << cp)
            << "--itemsets itemset 1: 'x' is not an item id";
        QTest::newRow("negative item") << (QStringList{"basket", "estimate", "--data", rel, "--itemsets", "1;-3"} << cp)
                                       << "itemset 2: '-3' is not an item id";
        QTest::newRow("sizes file too short")
            << (QStringList{"basket", "estimate", "--data", small, "--itemsets", "1"} << cp)
            << "bad.dat.sizes has 3 sizes but the release has 4 baskets";
        QTest::newRow("no sizes file") << (QStringList{"basket", "estimate", "--data", retail(), "--itemsets", "1"}
                                           << cp)
                                       << "retail.dat.sizes";
        QTest::newRow("items below an id")
            << (QStringList{"basket", "estimate", "--data", rel, "--items", "3", "--itemsets", "1"} << cp)
            << "line 2 column 1: item 3 is outside the universe of 3 items (0..2)";
        QTest::newRow("itemset outside the universe")
            << (QStringList{"basket", "estimate", "--data", rel, "--itemsets", "7"} << cp)
            << "item 7 is outside the universe of 4 items";
        QTest::newRow("rho table line") << (QStringList(tr) << "--operator"
                                                            << "cut-and-paste"
                                                            << "--rho-table" << rt)
                                        << "bad-table.txt line 2: the cutoff K_m must be an integer in 1..100000";
        QTest::newRow("breach level") << (QStringList{"basket", "breach", "--data", rel, "--operator", "item-bits",
                                                      "--level", "1.5"})
                                      << "--level (the breach level of 004 Def. 4) must lie in (0, 1)";
        // 2^32 + 1 and + 2 once narrowed to int read as 1..2 and passed the range check (found writing fuzz_cli_lists)
        QTest::newRow("cutoffs past 32 bits")
            << (QStringList{"basket", "breach", "--data", rel, "--operator", "cut-and-paste", "--level", "0.5",
                            "--cutoffs", "4294967297..4294967298"})
            << "--cutoffs must satisfy 1 <= KMIN <= KMAX <= 1000, got '4294967297..4294967298'";
        QTest::newRow("unknown subcommand") << QStringList{"basket", "shuffle"} << "unknown subcommand 'shuffle'";
        QTest::newRow("no seed") << (QStringList{"basket", "randomize", "--data", rel, "--out", m_dir.filePath("x.dat")}
                                     << cp)
                                 << "exactly one of --seed N";
        QTest::newRow("privacy frequency-aware without threshold")
            << (QStringList{"basket", "privacy", "--data", small, "--operator", "frequency-aware", "--fp", "0.9",
                            "--nfp", "0.9"})
            << "frequency-aware needs --frequent-support";
        QTest::newRow("privacy support out of range")
            << (QStringList{"basket", "privacy", "--data", small, "--operator", "item-bits", "--p", "0.9", "--supports",
                            "0.1,1.5"})
            << "--supports must lie in [0, 1]";
        QTest::newRow("original mismatch")
            << (QStringList{"basket", "estimate", "--data", rel, "--itemsets", "1", "--original", small} << cp)
            << "has 4 baskets but the release";
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        const CliRun r = runCli(args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(fragment.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliBasket)
#include "test_cli_basket.moc"
