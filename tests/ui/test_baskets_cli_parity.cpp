// The CLI's `basket` commands and the GUI's Baskets workspace run the same core/basketpipeline pipeline: for
// the same baskets, operator, level and seed they report the same numbers, bit for bit (worst-case breaches,
// epsilon, 002's R, recovered supports with their ranges, mining precision and recall). The same holds when the
// CLI takes the choice from a Baskets session file (`basket ... --session FILE`) instead of its options.
#include "UiTestSupport.h"
#include "cli/CliRunner.h"
#include "tests/TestData.h"

#include "core/session/BasketsSessionJson.h"
#include "ui/baskets/BasketsWorkspace.h"

#include <QTemporaryDir>

#include <bit>
#include <cstdint>

using namespace rr;
using namespace rr::ui;
using namespace rr::testcli;

Q_DECLARE_METATYPE(rr::BasketsChoice)

namespace {

const QString kSmall = QString::fromStdString(testdata::sharedData("baskets/small.dat"));

// Equal as IEEE doubles, bit for bit (QCOMPARE on doubles is fuzzy).
bool sameBits(double gui, const QJsonValue& cli)
{
    return cli.isDouble() && std::bit_cast<std::uint64_t>(gui) == std::bit_cast<std::uint64_t>(cli.toDouble());
}

#define RR_SAME_BITS(gui, cli, what)                                                                                   \
    QVERIFY2(sameBits(gui, cli), qPrintable(QString("%1: GUI %2, CLI %3")                                              \
                                                .arg(what)                                                             \
                                                .arg(gui, 0, 'g', 17)                                                  \
                                                .arg((cli).toDouble(), 0, 'g', 17)))

QString g17(double v)
{
    return QString::number(v, 'g', 17);
}

QString writeText(const QTemporaryDir& dir, const QString& name, const QString& text)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(f.fileName()));
    f.write(text.toUtf8());
    return f.fileName();
}

// The choice as `basket` options: the same parameters, per-size tables written as --rho-table / --sizes-table.
// `randomizing`: frequency-aware's --frequent-support (a release reads its frequent items from FILE.frequent).
QStringList cliOperator(const BasketsChoice& c, const BasketSummary& summary, const QTemporaryDir& dir,
                        bool randomizing)
{
    QStringList args{"--operator", QString::fromStdString(operatorName(c.kind))};
    switch (c.kind) {
    case OperatorKind::ItemBits: return args << "--p" << g17(c.keep);
    case OperatorKind::Uniform: return args << "--p" << g17(c.replace);
    case OperatorKind::CutAndPaste: {
        if (c.perSize.empty())
            return args << "--cutoff" << QString::number(c.cutoff) << "--rho" << g17(c.rho);
        QString table;
        const auto levels = fullCutAndPasteTable(c, summary.maxSize);
        for (std::size_t m = 0; m < levels.size(); ++m)
            table += QString("%1 %2 %3\n").arg(m).arg(levels[m].cutoff).arg(g17(levels[m].rho));
        return args << "--rho-table" << writeText(dir, "rho.txt", table);
    }
    case OperatorKind::SelectASize: {
        QString table;
        const auto levels = fullSelectASizeTable(c, summary.maxSize);
        for (std::size_t m = 0; m < levels.size(); ++m) {
            table += QString("%1 %2").arg(m).arg(g17(levels[m].rho));
            for (double p : levels[m].sizeProbabilities)
                table += " " + g17(p);
            table += "\n";
        }
        return args << "--sizes-table" << writeText(dir, "sizes.txt", table);
    }
    case OperatorKind::FrequencyAware:
        args << "--fp" << g17(c.fp) << "--nfp" << g17(c.nfp);
        return randomizing ? args << "--frequent-support" << g17(c.frequentSupport) : args;
    }
    return args;
}

QString itemList(const Transactions& baskets, const std::vector<std::uint32_t>& items, const QString& separator)
{
    QStringList ids;
    for (std::uint32_t a : items)
        ids << QString::number(baskets.label(a));
    return ids.join(separator);
}

} // namespace

class TestBasketsCliParity : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sameNumbers_data()
    {
        QTest::addColumn<rr::BasketsChoice>("choice");
        QTest::addColumn<bool>("viaSession");
        const auto row = [](const char* name, const BasketsChoice& choice) {
            QTest::newRow(name) << choice << false;
            QTest::newRow((std::string(name) + " (session)").c_str()) << choice << true;
        };
        BasketsChoice c;
        c.level = 0.8;
        c.breachItemsets = 3;
        c.seed = 11;
        c.topItemsets = 8;
        c.minSupports = {0.05, 0.1, 0.2};

        BasketsChoice cut = c;
        cut.kind = OperatorKind::CutAndPaste;
        cut.cutoff = 3;
        cut.rho = 0.2;
        row("cut-and-paste", cut);
        cut.perSize = {{1, 0.5}, {2, 0.3}, {3, 0.25}};
        row("cut-and-paste per size", cut);

        BasketsChoice bits = c;
        bits.kind = OperatorKind::ItemBits;
        bits.keep = 0.9;
        row("item-bits", bits);

        BasketsChoice uniform = c;
        uniform.kind = OperatorKind::Uniform;
        uniform.replace = 0.3;
        row("uniform", uniform);

        BasketsChoice select = c;
        select.kind = OperatorKind::SelectASize;
        select.rho = 0.3;
        select.selectKeep = 0.7;
        select.selectPerSize.resize(4);
        select.selectPerSize[3] = {0.35, {0.1, 0.2, 0.3, 0.4}};
        row("select-a-size", select);

        BasketsChoice frequency = c;
        frequency.kind = OperatorKind::FrequencyAware;
        frequency.fp = 0.9;
        frequency.nfp = 0.8;
        frequency.frequentSupport = 0.3;
        row("frequency-aware", frequency);
    }

    void sameNumbers()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        QFETCH(rr::BasketsChoice, choice);
        QFETCH(bool, viaSession);
        BasketsWorkspace gui;
        gui.open(kSmall);
        gui.waitForIdle();
        QVERIFY(gui.data());
        gui.setChoice(choice);
        gui.waitForIdle();
        const auto frame = gui.frame();
        const auto basis = gui.basis();
        QVERIFY(frame && basis);
        QVERIFY(frame->previewDefined);
        const BasketsData& data = *gui.data();
        // A session gives the operator, the baskets (as --data, or --original where a release is read) and the
        // breach level.
        const QString session =
            viaSession ? writeText(m_dir, "session.json",
                                   QString::fromStdString(basketsSessionJson({kSmall.toStdString(), choice})))
                       : QString();
        const QStringList randomizeOp = viaSession ? QStringList{"--session", session}
                                                   : cliOperator(choice, data.summary, m_dir, true);
        const QStringList recoverOp = viaSession ? QStringList{"--session", session}
                                                 : cliOperator(choice, data.summary, m_dir, false);
        const QStringList original = viaSession ? QStringList{} : QStringList{"--data", kSmall};
        const QStringList originalBeside = viaSession ? QStringList{} : QStringList{"--original", kSmall};
        const QString items = QString::number(data.baskets.itemCount);

        // Breaches at the level, with the items the GUI finds unprotectable declared public.
        QStringList breachArgs = QStringList{"basket", "breach"} + original;
        if (!viaSession)
            breachArgs << "--level" << g17(choice.level);
        breachArgs << "--max-itemset-size" << QString::number(choice.breachItemsets);
        if (!basis->publicItems.empty())
            breachArgs << "--public" << itemList(data.baskets, basis->publicItems, ",");
        const CliRun breach = runCli(breachArgs + randomizeOp);
        QVERIFY2(breach.ok(), breach.diagnostics().constData());
        const QJsonObject b = breach.json()["breaches"].toObject();
        const QJsonArray sizes = b["sizes"].toArray();
        QCOMPARE(sizes.size(), qsizetype(frame->breach.sizes.size()));
        for (std::size_t s = 0; s < frame->breach.sizes.size(); ++s) {
            const SizeBreach& sb = frame->breach.sizes[s];
            const QJsonObject row = sizes[qsizetype(s)].toObject();
            QCOMPARE(row["label"].toString(), QString::fromStdString(sb.label));
            const QJsonArray cells = row["by_itemset_size"].toArray();
            QCOMPARE(cells.size(), qsizetype(sb.byItemsetSize.size()));
            for (std::size_t k = 0; k < sb.byItemsetSize.size(); ++k) {
                const BreachValue& v = sb.byItemsetSize[k].breach;
                const QJsonValue cli = cells[qsizetype(k)].toObject()["breach"];
                if (v.defined)
                    RR_SAME_BITS(v.value, cli, QString("breach of %1, k = %2").arg(row["label"].toString()).arg(k + 1));
                else
                    QVERIFY(cli.isNull());
            }
        }
        RR_SAME_BITS(frame->breach.worst, b["worst"], "worst breach");

        // Epsilon and 002's reconstruction probability.
        const CliRun privacy = runCli(QStringList{"basket", "privacy"} + original + randomizeOp);
        QVERIFY2(privacy.ok(), privacy.diagnostics().constData());
        const QJsonObject eps = privacy.json()["epsilon"].toObject();
        QCOMPARE(eps["ldp"].toBool(), frame->epsilon.ldp);
        if (frame->epsilon.ldp)
            RR_SAME_BITS(frame->epsilon.value, eps["value"], "epsilon");
        const QJsonArray epsSizes = eps["by_size"].toArray();
        QCOMPARE(epsSizes.size(), qsizetype(frame->epsilon.bySize.size()));
        for (std::size_t s = 0; s < frame->epsilon.bySize.size(); ++s)
            if (frame->epsilon.bySize[s].epsilon.bounded)
                RR_SAME_BITS(frame->epsilon.bySize[s].epsilon.value, epsSizes[qsizetype(s)].toObject()["epsilon"],
                             "epsilon of a size");
        const QJsonObject r = privacy.json()["reconstruction_probability"].toObject();
        QCOMPARE(r["defined"].toBool(), frame->reconstruction.defined);
        if (frame->reconstruction.defined)
            RR_SAME_BITS(frame->reconstruction.overall, r["overall"], "reconstruction probability");

        // The preview: the CLI's release with the same seed, its recovered supports and its mining.
        const QString release = m_dir.filePath(QString("release-%1.dat").arg(QTest::currentDataTag()).replace(' ', '-'));
        const CliRun randomize = runCli(QStringList{"basket", "randomize"} + original +
                                        QStringList{"--seed", QString::number(choice.seed), "--out", release} +
                                        randomizeOp);
        QVERIFY2(randomize.ok(), randomize.diagnostics().constData());
        QCOMPARE(randomize.json()["release_occurrences"].toDouble(), double(frame->releaseOccurrences));

        QVERIFY(!frame->recovered.empty());
        QStringList itemsets;
        for (const RecoveredItemset& s : frame->recovered)
            itemsets << itemList(data.baskets, s.items, " ");
        const CliRun estimate =
            runCli(QStringList{"basket", "estimate", "--data", release, "--items", items, "--itemsets",
                               itemsets.join(';'), "--alpha", "0.05"} +
                   originalBeside + recoverOp);
        QVERIFY2(estimate.ok(), estimate.diagnostics().constData());
        const QJsonArray estimates = estimate.json()["itemsets"].toArray();
        QCOMPARE(estimates.size(), qsizetype(frame->recovered.size()));
        for (std::size_t j = 0; j < frame->recovered.size(); ++j) {
            const RecoveredItemset& g = frame->recovered[j];
            const QJsonObject c = estimates[qsizetype(j)].toObject();
            const QString what = "itemset {" + itemsets[qsizetype(j)] + "}";
            RR_SAME_BITS(g.trueSupport, c["true_support"], what + " true support");
            QCOMPARE(c["estimate"].isNull(), !g.estimate.defined);
            if (g.estimate.defined)
                RR_SAME_BITS(g.estimate.estimate, c["estimate"], what + " estimate");
            QCOMPARE(c["normal"].isNull(), !g.rangeDefined);
            if (g.rangeDefined) {
                RR_SAME_BITS(g.estimate.variance, c["variance"], what + " variance");
                RR_SAME_BITS(g.range.rawLo, c["raw_normal"].toArray()[0], what + " range low");
                RR_SAME_BITS(g.range.rawHi, c["raw_normal"].toArray()[1], what + " range high");
            }
        }

        for (const PrecisionRecallPoint& point : frame->precisionRecall) {
            const CliRun mine = runCli(QStringList{"basket", "mine", "--data", release, "--items", items,
                                                   "--min-support", g17(point.minSupport), "--max-itemset-size",
                                                   QString::number(choice.miningMaxSize)} +
                                       originalBeside + recoverOp);
            QVERIFY2(mine.ok(), mine.diagnostics().constData());
            const QJsonObject c = mine.json()["comparison"].toObject();
            const MiningComparison& g = point.comparison;
            const QString what = "mining at " + g17(point.minSupport);
            QCOMPARE(c["true_itemsets"].toDouble(), double(g.trueItemsets));
            QCOMPARE(c["found"].toDouble(), double(g.found));
            QCOMPARE(c["true_positives"].toDouble(), double(g.truePositives));
            if (g.precision.defined)
                RR_SAME_BITS(g.precision.value, c["precision"], what + " precision");
            if (g.recall.defined)
                RR_SAME_BITS(g.recall.value, c["recall"], what + " recall");
            if (g.accuracy.defined)
                RR_SAME_BITS(g.accuracy.value, c["accuracy"], what + " accuracy");
        }
    }
};

QTEST_MAIN(TestBasketsCliParity)
#include "test_baskets_cli_parity.moc"
