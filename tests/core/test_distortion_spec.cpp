// General distortion matrices (issue 9): the binary (p0, p1) matrix of 003 Ch. 4, matrices read from
// CSV files, the invariant PRAM matrix, epsilon for any matrix, and the spec that records how a
// matrix was made. Every kind goes through reconstruction, variance and risk (003 eq. 2.2, 5.6-5.8).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionSpec.h"
#include "core/distortion/DistortionSpecJson.h"
#include "core/distortion/Epsilon.h"
#include "core/distortion/EpsilonGuidance.h"
#include "core/distortion/InvariantPram.h"
#include "core/distortion/MatrixFile.h"
#include "core/distortion/MatrixValidation.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"
#include "core/risk/DisclosureRisk.h"

#include "TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <random>

using namespace rr;

namespace {

// The message of the InputError `f` throws ("" if it throws none).
template <typename F>
std::string errorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// Column-stochastic 3 x 3 matrix used by several tests (not Warner: unequal off-diagonals).
Eigen::Matrix3d diseaseMatrix()
{
    Eigen::Matrix3d m;
    m << 0.7, 0.1, 0.2, //
        0.2, 0.8, 0.1,  //
        0.1, 0.1, 0.7;
    return m;
}

} // namespace

class TestDistortionSpec : public QObject {
    Q_OBJECT
private slots:
    // epsilon = ln max_u max_v P(u,v) / min_v P(u,v) (FIDELITY "Local differential privacy").
    void epsilonOfEachKind_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("expected");
        QTest::addColumn<int>("row");
        QTest::newRow("Warner d=2 p=0.7: ln(0.7/0.3)") << 0 << std::log(0.7 / 0.3) << 0;
        QTest::newRow("Warner d=3 p=0.6: ln 3") << 1 << std::log(3.0) << 0;
        QTest::newRow("Warner d=3 p=0.2 < 1/d: ln(0.4/0.2)") << 2 << std::log(2.0) << 0;
        QTest::newRow("binary p0=0.7 p1=0.9: row 1 ratio 0.7/0.1") << 3 << std::log(7.0) << 0;
        QTest::newRow("file-style 3x3: row 2 ratio 0.8/0.1") << 4 << std::log(8.0) << 1;
        // invariant PRAM, t = (0.3, 0.7), theta = 0.8, alpha = 1 (worked by hand in invariantPramByHand):
        // rows (0.524618, 0.203735) and (0.475382, 0.796265); the first has the larger ratio
        QTest::newRow("invariant PRAM 2x2") << 5 << std::log(0.5246179966 / 0.2037351443) << 0;
    }
    void epsilonOfEachKind()
    {
        QFETCH(int, kind);
        QFETCH(double, expected);
        QFETCH(int, row);
        DistortionMatrix m = DistortionMatrix::identity(2);
        switch (kind) {
        case 0: m = DistortionMatrix::warner(2, 0.7); break;
        case 1: m = DistortionMatrix::warner(3, 0.6); break;
        case 2: m = DistortionMatrix::warner(3, 0.2); break;
        case 3: m = binaryDistortion(0.7, 0.9); break;
        case 4: m = DistortionMatrix::fromMatrix(diseaseMatrix()); break;
        case 5:
            m = DistortionMatrix::fromMatrix(
                invariantPramMatrix(Eigen::Vector2d(0.3, 0.7), Eigen::Vector2d(0.8, 0.8), 1.0));
            break;
        }
        const EpsilonValue e = epsilon(m);
        QVERIFY(e.guaranteed);
        QVERIFY(e.reason.empty());
        RR_COMPARE_NEAR(e.value, expected, 1e-9);
        QCOMPARE(e.row, row);
        if (m.isWarner() && m.retention() > 1.0 / m.size())
            RR_COMPARE_NEAR(e.value, warnerEpsilon(m.size(), m.retention()), 1e-12);
    }

    void epsilonWithoutGuarantee()
    {
        // identity: a released value rules out every other original value
        const EpsilonValue id = epsilon(DistortionMatrix::identity(3));
        QVERIFY(!id.guaranteed);
        QCOMPARE(id.value, 0.0);
        QVERIFY2(id.reason.find("row 1") != std::string::npos, id.reason.c_str());
        // a zero next to a positive entry in row 2 only
        Eigen::Matrix3d m;
        m << 0.5, 0.25, 0.25, //
            0.5, 0.0, 0.25,   //
            0.0, 0.75, 0.5;
        const EpsilonValue z = epsilon(DistortionMatrix::fromMatrix(m));
        QVERIFY(!z.guaranteed);
        QCOMPARE(z.row, 1);
        QCOMPARE(z.minColumn, 1);
        QVERIFY2(z.reason.find("row 2") != std::string::npos && z.reason.find("column 2") != std::string::npos,
                 z.reason.c_str());
        // a row that is all zero (value never released) constrains nothing
        Eigen::Matrix3d never;
        never << 0.6, 0.2, 0.3, //
            0.4, 0.8, 0.7,      //
            0.0, 0.0, 0.0;
        const EpsilonValue n = epsilon(DistortionMatrix::fromMatrix(never));
        QVERIFY(n.guaranteed);
        RR_COMPARE_NEAR(n.value, std::log(3.0), 1e-12); // row 1: 0.6 / 0.2
        // composition over attributes: the sum, or no guarantee when one has none
        const EpsilonValue sum = combinedEpsilon({DistortionMatrix::warner(2, 0.7), binaryDistortion(0.7, 0.9)});
        RR_COMPARE_NEAR(sum.value, std::log(0.7 / 0.3) + std::log(7.0), 1e-12);
        const EpsilonValue none = combinedEpsilon({DistortionMatrix::warner(2, 0.7), DistortionMatrix::identity(2)});
        QVERIFY(!none.guaranteed);
        QVERIFY2(none.reason.rfind("attribute 2: ", 0) == 0, none.reason.c_str());
    }

    // The binary (p0, p1) matrix of 003 Ch. 2.2 / 4 and its inverse, closed form
    // 1/(p0+p1-1) [[p1, p1-1], [p0-1, p0]].
    // Issue 20: what an epsilon means in plain words: the odds factor e^epsilon and the band it falls in, at
    // the bands' edges, for Adult's education at p = 0.539 (d = 16: ln(p 15 / (1 - p)) = 2.865, moderate, 17.5-fold)
    // and for a record of two such columns (sequential composition: weak).
    void epsilonInPlainWords()
    {
        QCOMPARE(epsilonGuidance(1.0).strength, EpsilonStrength::Strong);
        QCOMPARE(epsilonGuidance(std::nextafter(1.0, 2.0)).strength, EpsilonStrength::Moderate);
        QCOMPARE(epsilonGuidance(3.0).strength, EpsilonStrength::Moderate);
        QCOMPARE(epsilonGuidance(3.0001).strength, EpsilonStrength::Weak);
        QCOMPARE(epsilonGuidance(0.0).oddsFactor, 1.0);
        const EpsilonValue education = epsilon(DistortionMatrix::warner(16, 0.539));
        RR_COMPARE_NEAR(education.value, std::log(0.539 * 15 / 0.461), 1e-12);
        const EpsilonGuidance g = epsilonGuidance(education);
        QCOMPARE(g.strength, EpsilonStrength::Moderate);
        RR_COMPARE_NEAR(g.oddsFactor, 0.539 * 15 / 0.461, 1e-9); // 17.54
        const EpsilonValue record =
            combinedEpsilon({DistortionMatrix::warner(16, 0.539), DistortionMatrix::warner(16, 0.539)});
        QCOMPARE(epsilonGuidance(record).strength, EpsilonStrength::Weak);
        const EpsilonValue none = epsilon(DistortionMatrix::identity(3));
        QVERIFY(!none.guaranteed);
        QCOMPARE(epsilonGuidance(none).strength, EpsilonStrength::None);
        QVERIFY(std::isinf(epsilonGuidance(none).oddsFactor));
        QCOMPARE(std::string(strengthName(EpsilonStrength::Moderate)), std::string("moderate"));
    }

    void binaryMatrix()
    {
        const DistortionMatrix m = binaryDistortion(0.7, 0.9);
        QVERIFY(!m.isWarner());
        RR_COMPARE_NEAR(m.matrix()(0, 0), 0.7, 0);
        RR_COMPARE_NEAR(m.matrix()(0, 1), 0.1, 1e-15);
        RR_COMPARE_NEAR(m.matrix()(1, 0), 0.3, 1e-15);
        RR_COMPARE_NEAR(m.matrix()(1, 1), 0.9, 0);
        const Eigen::MatrixXd inv = inverse(m).dense();
        Eigen::Matrix2d expected;
        expected << 0.9, -0.1, -0.3, 0.7;
        expected /= 0.6;
        RR_COMPARE_NEAR((inv - expected).cwiseAbs().maxCoeff(), 0.0, 1e-12);
        QVERIFY(binaryDistortion(0.8, 0.8).isWarner()); // p0 = p1 is Warner's matrix
        QVERIFY(!errorOf([] { binaryDistortion(1.2, 0.5); }).empty());
        // 003 Lemma 1: lambda_0+ = (p0 + p1 - 1) pi_0+ - p1 + 1
        const Eigen::Vector2d pi(0.3, 0.7);
        const Eigen::VectorXd lambda = m.matrix() * pi;
        RR_COMPARE_NEAR(lambda[0], (0.7 + 0.9 - 1) * 0.3 - 0.9 + 1, 1e-15);
    }

    void invariantPramByHand()
    {
        // t = (0.3, 0.7), theta = (0.8, 0.8), alpha = 1:
        // A = [[.8,.2],[.2,.8]], reach = A't = (.38, .62), Q = [[.24/.38, .14/.38], [.06/.62, .56/.62]],
        // R = A Q = [[0.524618, 0.475382], [0.203735, 0.796265]]; P = R'.
        const Eigen::MatrixXd p = invariantPramMatrix(Eigen::Vector2d(0.3, 0.7), Eigen::Vector2d(0.8, 0.8), 1.0);
        const double q00 = 0.24 / 0.38, q10 = 0.06 / 0.62;
        RR_COMPARE_NEAR(p(0, 0), 0.8 * q00 + 0.2 * q10, 1e-15);
        RR_COMPARE_NEAR(p(0, 0), 0.5246179966, 1e-9);
        RR_COMPARE_NEAR(p(0, 1), 0.2037351443, 1e-9);
        RR_COMPARE_NEAR(p(1, 0), 0.4753820034, 1e-9);
        RR_COMPARE_NEAR(p(1, 1), 0.7962648557, 1e-9);
        // counts work as well as proportions
        const Eigen::MatrixXd fromCounts = invariantPramMatrix(Eigen::Vector2d(30, 70), Eigen::Vector2d(0.8, 0.8), 1.0);
        RR_COMPARE_NEAR((fromCounts - p).cwiseAbs().maxCoeff(), 0.0, 1e-15);
    }

    // The defining property: P t = t, so the expected marginal of the released attribute is the
    // original one; columns sum to 1; alpha = 0 is the identity; alpha mixes linearly.
    void invariantPramKeepsTheMarginal()
    {
        RandomSource rng = RandomSource::seeded(5);
        for (int d : {2, 3, 7, 16}) {
            Eigen::VectorXd t(d);
            for (int k = 0; k < d; ++k)
                t[k] = 1 + static_cast<double>(rng.below(1000));
            t[d - 1] = 0; // an empty category is allowed
            const Eigen::VectorXd theta = drawPramDiagonal(d, 0.6, rng);
            QVERIFY(theta.minCoeff() >= 0.6 && theta.maxCoeff() <= 1.0);
            for (double alpha : {0.0, 0.5, 1.0}) {
                const Eigen::MatrixXd p = invariantPramMatrix(t, theta, alpha);
                const Eigen::VectorXd tn = t / t.sum();
                RR_COMPARE_NEAR((p * tn - tn).cwiseAbs().maxCoeff(), 0.0, 1e-14);
                RR_COMPARE_NEAR((p.colwise().sum().array() - 1.0).abs().maxCoeff(), 0.0, 1e-14);
                QVERIFY((p.array() >= 0).all());
                if (alpha == 0.0)
                    RR_COMPARE_NEAR((p - Eigen::MatrixXd::Identity(d, d)).cwiseAbs().maxCoeff(), 0.0, 0);
            }
            const Eigen::MatrixXd half = invariantPramMatrix(t, theta, 0.5);
            const Eigen::MatrixXd full = invariantPramMatrix(t, theta, 1.0);
            const Eigen::MatrixXd mix = 0.5 * full + 0.5 * Eigen::MatrixXd::Identity(d, d);
            RR_COMPARE_NEAR((half - mix).cwiseAbs().maxCoeff(), 0.0, 1e-14);
        }
        QVERIFY(errorOf([] {
                    invariantPramMatrix(Eigen::Vector2d(0, 0), Eigen::Vector2d(0.8, 0.8), 0.5);
                }).find("all zero") != std::string::npos);
        QVERIFY(errorOf([] {
                    invariantPramMatrix(Eigen::Vector2d(1, 1), Eigen::Vector2d(0.8, 0.8), 1.5);
                }).find("alpha") != std::string::npos);
        QVERIFY(!errorOf([] {
                     invariantPramMatrix(Eigen::VectorXd::Ones(kMaxMatrixCategories + 1),
                                         Eigen::VectorXd::Ones(kMaxMatrixCategories + 1), 0.5);
                 }).empty());
    }

    void parsesTheDocumentedFormat()
    {
        // header, comments, blank lines, spaces, fractions, CRLF and a BOM
        const std::string text = "\xEF\xBB\xBF# P(u | v): rows = randomized, columns = original\r\n"
                                 "\"Cancer\", \"Flu\", Anemia\r\n"
                                 "\r\n"
                                 "0.7, 1/10, 0.2\r\n"
                                 "0.2, 0.8,  1/10\r\n"
                                 "1e-1, 0.1, 7/10\r\n";
        const MatrixText parsed = parseMatrixCsv(text, "disease.csv");
        QCOMPARE(parsed.labels, (std::vector<std::string>{"Cancer", "Flu", "Anemia"}));
        RR_COMPARE_NEAR((parsed.matrix - Eigen::MatrixXd(diseaseMatrix())).cwiseAbs().maxCoeff(), 0.0, 1e-16);
        checkMatrixForAttribute(parsed, "disease.csv", "Disease", {"Cancer", "Flu", "Anemia"});

        // R's write.csv layout: a corner cell and row labels that repeat the column labels
        const MatrixText r = parseMatrixCsv("\"\",\"0\",\"1\"\n\"0\",0.7,0.1\n\"1\",0.3,0.9\n");
        QCOMPARE(r.labels, (std::vector<std::string>{"0", "1"}));
        RR_COMPARE_NEAR(r.matrix(1, 1), 0.9, 0);
        // no header; CR-only line ends
        const MatrixText bare = parseMatrixCsv("0.5,0.25\r0.5,0.75");
        QVERIFY(bare.labels.empty());
        RR_COMPARE_NEAR(bare.matrix(1, 1), 0.75, 0);
    }

    void roundTripsExactly()
    {
        RandomSource rng = RandomSource::seeded(11);
        std::mt19937_64 g(3);
        for (int d : {2, 5, 31}) {
            const Eigen::MatrixXd m = testsupport::randomStochastic(d, g);
            std::vector<std::string> labels;
            for (int k = 0; k < d; ++k)
                labels.push_back(k == 1 ? "with \"quote\", comma" : "cat " + std::to_string(k));
            const MatrixText back = parseMatrixCsv(formatMatrixCsv(m, labels), "x");
            QCOMPARE(back.labels, labels);
            QVERIFY(back.matrix == m); // bit for bit
            QVERIFY(parseMatrixCsv(formatMatrixCsv(m)).matrix == m);
        }
        (void)rng;
    }

    // Every rejection names the file, and the line/row/column or the limit.
    void rejectsBadFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not square") << QByteArray("0.5,0.5,0\n0.5,0.5,1\n") << "2 rows and 3 columns";
        QTest::newRow("ragged") << QByteArray("0.5,0.5\n0.5\n") << "line 2: has 1 fields, expected 2";
        QTest::newRow("bad number") << QByteArray("0.5,0.5\n0.5,x5\n") << "line 2: column 2 ('x5') is not a number";
        QTest::newRow("inf") << QByteArray("0.5,0.5\n0.5,inf\n") << "line 2: column 2 ('inf') is not a finite number";
        QTest::newRow("out of range") << QByteArray("0.5,1e999\n0.5,0\n")
                                      << "line 1: column 2 ('1e999') is out of range";
        QTest::newRow("zero denominator")
            << QByteArray("1/0,0.5\n0,0.5\n") << "line 1: column 1 ('1/0') divides by zero";
        QTest::newRow("quoted number in data")
            << QByteArray("\"a\",\"b\"\n\"0.5\",0.5\n0.5,0.5\n") << "line 2: column 1";
        QTest::newRow("open quote") << QByteArray("\"a,\"b\"\n") << "line 1: field 1 has text after its closing quote";
        QTest::newRow("never closed") << QByteArray("\"a,b\n") << "line 1: field 1 opens a quote that never closes";
        QTest::newRow("numeric header unquoted") << QByteArray("0,1\n0.7,0.1\n0.3,0.9\n") << "quote them";
        QTest::newRow("empty") << QByteArray("# nothing\n\n") << "has no rows of numbers";
        QTest::newRow("row label mismatch")
            << QByteArray(",a,b\nb,0.5,0.5\na,0.5,0.5\n") << "row label 'b' should be 'a'";
        QTest::newRow("empty label") << QByteArray("a,,c\n") << "header label 2 is empty";
        QTest::newRow("invalid utf-8") << QByteArray("0.5,0.5\n\xff\xfe,0.5\n") << "not valid UTF-8";
        QTest::newRow("too many columns") << QByteArray(2 * kMaxMatrixCategories + 10, ',') << "more than 512 columns";
    }
    void rejectsBadFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const std::string message = errorOf([&] { parseMatrixCsv(text.toStdString(), "p.csv"); });
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.find("matrix file 'p.csv'") != std::string::npos, message.c_str());
    }

    void tooManyRowsAreRefusedBeforeAllocating()
    {
        std::string text;
        for (int r = 0; r < kMaxMatrixCategories + 2; ++r)
            text += "1\n";
        const std::string message = errorOf([&] { parseMatrixCsv(text, "tall.csv"); });
        QVERIFY2(message.find("line 513: more than 512 rows") != std::string::npos, message.c_str());
        const std::string big(kMaxMatrixFileBytes + 1, ' ');
        QVERIFY(errorOf([&] { parseMatrixCsv(big); }).find("at most 8388608") != std::string::npos);
    }

    void validatesProbabilities_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("categories");
        QTest::addColumn<QString>("expected");
        QTest::newRow("negative") << "1.2,0.5\n-0.2,0.5\n" << 2 << "row 2, column 1 is -0.2";
        QTest::newRow("column sum") << "0.7,0.5\n0.2,0.5\n" << 2 << "column 1 sums to 0.9";
        QTest::newRow("column sum within 1e-9 passes, 1e-8 fails") << "0.7,0.5\n0.30000001,0.5\n"
                                                                   << 2 << "column 1 sums to 1.00000001";
        QTest::newRow("singular") << "0.5,0.5\n0.5,0.5\n"
                                  << 2 << "is singular (condition number infinite, limit 1e+06)";
        QTest::newRow("ill-conditioned") << "0.5000001,0.4999999\n0.4999999,0.5000001\n"
                                         << 2 << "ill-conditioned (condition number 5e+06, limit 1e+06)";
        QTest::newRow("wrong size") << "0.7,0.3\n0.3,0.7\n" << 3 << "is 2 x 2 but the attribute has 3 categories";
        QTest::newRow("labels") << "x,y\n0.7,0.3\n0.3,0.7\n" << 2 << "header label 1 is 'x' but category 1";
    }
    void validatesProbabilities()
    {
        QFETCH(QString, text);
        QFETCH(int, categories);
        QFETCH(QString, expected);
        std::vector<std::string> cats;
        for (int k = 0; k < categories; ++k)
            cats.push_back(std::string(1, char('a' + k)));
        const std::string message = errorOf(
            [&] { checkMatrixForAttribute(parseMatrixCsv(text.toStdString(), "p.csv"), "p.csv", "Disease", cats); });
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.find("matrix file 'p.csv' for attribute 'Disease'") != std::string::npos, message.c_str());
        // the 1e-9 column tolerance accepts a rounding-size error
        checkMatrixForAttribute(parseMatrixCsv("0.7,0.5\n0.3000000001,0.5\n"), "ok.csv", "A", {"a", "b"});
        RR_COMPARE_NEAR(conditionNumber(DistortionMatrix::warner(2, 0.6).matrix()), 5.0, 1e-9); // 1 / (p - q)
    }

    // Arbitrary bytes never crash the parser: it returns a square matrix or throws InputError.
    void survivesRandomBytes()
    {
        std::mt19937_64 g(2024);
        const std::string alphabet = "0123456789.,/-+eE\"\n\r #ab\t\xef\xbb\xbf\xff";
        std::uniform_int_distribution<int> len(0, 120), pick(0, static_cast<int>(alphabet.size()) - 1);
        int parsed = 0;
        for (int trial = 0; trial < 20000; ++trial) {
            std::string s(static_cast<std::size_t>(len(g)), ' ');
            for (char& c : s)
                c = alphabet[static_cast<std::size_t>(pick(g))];
            try {
                const MatrixText m = parseMatrixCsv(s, "fuzz");
                QCOMPARE(m.matrix.rows(), m.matrix.cols());
                QVERIFY(m.labels.empty() || m.labels.size() == static_cast<std::size_t>(m.matrix.cols()));
                ++parsed;
            } catch (const InputError&) {}
        }
        qInfo("%d of 20000 random texts parsed as square matrices", parsed);
        QVERIFY(parsed > 0);
    }

    void buildsEveryKind()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("disease.csv").toStdString();
        std::ofstream(path) << formatMatrixCsv(diseaseMatrix(), {"Cancer", "Flu", "Anemia"});

        const DistortionMatrix w = buildDistortion(warnerSpec(0.8), 3, "Disease");
        QVERIFY(w.isWarner());
        const DistortionMatrix b = buildDistortion(binarySpec(0.7, 0.9), 2, "Gender");
        RR_COMPARE_NEAR(b.matrix()(0, 1), 0.1, 1e-15);
        const DistortionSpec fileSpec = matrixFileSpec(path, "Disease", {"Cancer", "Flu", "Anemia"});
        QCOMPARE(fileSpec.source, path);
        QVERIFY(buildDistortion(fileSpec, 3, "Disease").matrix() == Eigen::MatrixXd(diseaseMatrix()));
        const DistortionSpec pram = invariantPramSpec(Eigen::Vector3d(8 + 12, 16 + 14, 48 + 2), 0.8, 0.5);
        const DistortionMatrix pm = buildDistortion(pram, 3, "Disease");
        const Eigen::Vector3d t = Eigen::Vector3d(20, 30, 50) / 100.0;
        RR_COMPARE_NEAR((pm.matrix() * t - t).cwiseAbs().maxCoeff(), 0.0, 1e-15);

        QCOMPARE(describe(warnerSpec(0.8)), std::string("Warner p = 0.8"));
        QCOMPARE(describe(binarySpec(0.7, 0.9)), std::string("binary p0 = 0.7, p1 = 0.9"));
        QCOMPARE(describe(pram), std::string("invariant PRAM (pd = 0.8, alpha = 0.5)"));
        QVERIFY(optimizerScope(warnerSpec(0.8), "Disease").tunable);
        const OptimizerScope scope = optimizerScope(fileSpec, "Disease");
        QVERIFY(!scope.tunable);
        QVERIFY2(scope.note.find("Warner's family only") != std::string::npos, scope.note.c_str());

        // errors name the attribute (and the file)
        QVERIFY(errorOf([] {
                    buildDistortion(binarySpec(0.7, 0.9), 3, "Disease");
                }).find("'Disease' has 3 categories; the binary (p0, p1) matrix needs exactly 2") != std::string::npos);
        QVERIFY(errorOf([] { buildDistortion(binarySpec(0.3, 0.6), 2, "Gender"); }).find("p0 + p1 = 0.9") !=
                std::string::npos);
        QVERIFY(errorOf([] { buildDistortion(warnerSpec(0.2), 3, "Disease"); }).find("outside (1/3, 1]") !=
                std::string::npos);
        QVERIFY(errorOf([&] {
                    buildDistortion(fileSpec, 4, "Other");
                }).find("matrix file '" + path + "' for attribute 'Other' is 3 x 3 but the attribute has 4") !=
                std::string::npos);
        QVERIFY(errorOf([&] {
                    matrixFileSpec(path, "Disease", {"Cancer", "Flu", "Other"});
                }).find("header label 3 is 'Anemia' but category 3 of the attribute is 'Other'") != std::string::npos);
        QVERIFY(errorOf([&] {
                    matrixFileSpec(dir.filePath("missing.csv").toStdString(), "D", {"a"});
                }).find("cannot open matrix file") != std::string::npos);
    }

    void jsonRoundTrip()
    {
        std::vector<DistortionSpec> specs{warnerSpec(0.75), binarySpec(0.7, 0.9),
                                          invariantPramSpec(Eigen::Vector3d(20, 30, 50), 0.8, 0.5)};
        DistortionSpec file;
        file.kind = DistortionKind::MatrixFile;
        file.source = "disease.csv";
        file.labels = {"Cancer", "Flu", "Anemia"};
        file.matrix = toRows(diseaseMatrix());
        specs.push_back(file);
        const std::vector<int> d{3, 2, 3, 3};
        for (std::size_t k = 0; k < specs.size(); ++k) {
            const nlohmann::ordered_json j = distortionSpecToJson<nlohmann::ordered_json>(specs[k]);
            const std::string text = j.dump();
            const DistortionSpec back = distortionSpecFromJson(nlohmann::json::parse(text), "session");
            QCOMPARE(toString(back.kind), toString(specs[k].kind));
            QVERIFY(buildDistortion(back, d[k], "X").matrix() == buildDistortion(specs[k], d[k], "X").matrix());
            QCOMPARE(back.labels, specs[k].labels);
            QCOMPARE(back.pramDiagonal, specs[k].pramDiagonal);
        }
        QVERIFY(errorOf([] {
                    distortionSpecFromJson(nlohmann::json::parse(R"({"kind":"warner"})"), "s");
                }).find("s: 'p' must be a number") != std::string::npos);
        QVERIFY(errorOf([] {
                    distortionSpecFromJson(nlohmann::json::parse(R"({"kind":"gauss"})"), "s");
                }).find("unknown distortion kind 'gauss'") != std::string::npos);
        QVERIFY(errorOf([] {
                    distortionSpecFromJson(nlohmann::json::parse(R"({"kind":"matrix","matrix":[[1],"x"]})"), "s");
                }).find("array of rows") != std::string::npos);
        const DistortionSpec ragged =
            distortionSpecFromJson(nlohmann::json::parse(R"({"kind":"matrix","matrix":[[1,0],[0]]})"), "s");
        QVERIFY(errorOf([&] { buildDistortion(ragged, 2, "A"); }).find("row 2 has 1 entries, row 1 has 2") !=
                std::string::npos);
    }

    // Reconstruction (003 eq. 2.2), its variance (eq. 5.16) and risk (eq. 5.6-5.8) with each
    // non-Warner kind, on Table 2.5(b): Gender through the binary matrix, Disease through a
    // file matrix or the invariant PRAM matrix. Monte Carlo: 4,000 randomizations of the 100
    // records; each cell's mean pi-hat lies within 4.5 standard errors of pi (SE from the true
    // randomization variance / 4000), and the simulated variance within 15% of the true one (the
    // relative SE of a variance from 4,000 draws is about sqrt(2/4000) = 2.2%).
    void reconstructionVarianceAndRiskWithGeneralMatrices()
    {
        const ContingencyTable t = testdata::genderDisease();
        const Eigen::VectorXd pi = t.proportions();
        const DistortionMatrix gender = binaryDistortion(0.7, 0.9);
        const Eigen::Vector3d diseaseCounts(20, 30, 50);
        for (int kind = 0; kind < 2; ++kind) {
            const DistortionMatrix disease =
                kind == 0 ? DistortionMatrix::fromMatrix(diseaseMatrix())
                          : buildDistortion(invariantPramSpec(diseaseCounts, 0.6, 1.0), 3, "Disease");
            const std::vector<DistortionMatrix> m{gender, disease};
            const Eigen::VectorXd lambda = expectedRandomized(m, pi);
            RR_COMPARE_NEAR((reconstruct(m, lambda) - pi).cwiseAbs().maxCoeff(), 0.0, 1e-14);

            RandomSource rng = RandomSource::seeded(77 + kind);
            const int runs = 4000;
            Eigen::VectorXd sum = Eigen::VectorXd::Zero(6), sumSq = Eigen::VectorXd::Zero(6);
            for (int r = 0; r < runs; ++r) {
                const Eigen::VectorXd counts = randomizeCounts(t.counts(), t.dims(), m, rng);
                const Eigen::VectorXd est = reconstruct(m, counts / t.total());
                sum += est;
                sumSq += est.cwiseProduct(est);
            }
            const Eigen::VectorXd mean = sum / runs;
            const Eigen::VectorXd var = sumSq / runs - mean.cwiseProduct(mean);
            // true covariance diagonal: N^-1 [ (P^-1 o P^-1) lambda - pi o pi ]
            // eq. 5.16 with the true lambda (n = N + 1 turns (n - 1)^-1 into N^-1) is Sigma_1 + Sigma_2 of
            // 003 Result 1; the records here are fixed, so only the randomization part Sigma_2 varies:
            // subtract the multinomial part Sigma_1 = N^-1 (pi - pi o pi).
            const Eigen::VectorXd trueVar =
                varianceDiagonal(m, lambda, t.total() + 1) - (pi - pi.cwiseProduct(pi)) / t.total();
            for (int c = 0; c < 6; ++c) {
                const double se = std::sqrt(trueVar[c] / runs);
                QVERIFY2(std::abs(mean[c] - pi[c]) < 4.5 * se,
                         qPrintable(QString("kind %1 cell %2: mean %3 vs %4 (se %5)")
                                        .arg(kind)
                                        .arg(c)
                                        .arg(mean[c])
                                        .arg(pi[c])
                                        .arg(se)));
                RR_COMPARE_RELATIVE(var[c], trueVar[c], 0.15);
            }

            // risk: QI = Gender, S = Disease; RR-S written out with eq. 5.8 for Female/Cancer
            DisclosureRiskModel model(t);
            const Eigen::VectorXd risk = model.evaluate({DistortionMatrix::identity(2)}, disease);
            const Eigen::MatrixXd& ps = disease.matrix();
            double rho = 0;
            for (int v = 0; v < 3; ++v) {
                double den = 0;
                for (int s = 0; s < 3; ++s)
                    den += ps(v, s) * pi[3 + s];
                rho += ps(v, 0) * ps(v, 0) * pi[3] / den;
            }
            RR_COMPARE_NEAR(risk[3], pi[3] / (pi[3] + pi[4] + pi[5]) * rho, 1e-12);
            const Eigen::VectorXd both = model.evaluate({gender}, disease);
            QVERIFY(both.maxCoeff() <= 1.0 && both.minCoeff() >= 0.0);
            QVERIFY(both[3] < risk[3]); // randomizing the QI as well lowers the risk
        }
    }
};

QTEST_GUILESS_MAIN(TestDistortionSpec)
#include "test_distortion_spec.moc"
