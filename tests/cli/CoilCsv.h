#pragma once
// COIL 2000 binarized as the papers do (tests/CoilData.h) written as CSV files the CLI reads, and the
// expected randomized table N (P_1 x ... x P_k) pi as an aggregated CSV (a count column "n").
#include "cli/CliRunner.h"

#include "CoilData.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

#include <vector>

namespace rr::testcli {

// The columns `letters` (e.g. "GH") of binarized COIL as a CSV of 0/1 values, headed by `header`
// (default: the letters themselves).
inline QString writeCoilCsv(const QTemporaryDir& dir, const QString& file, const std::string& letters,
                            const QStringList& header = {})
{
    const rr::Table coil = rr::testdata::coilBinarized();
    std::vector<int> idx;
    for (char c : letters)
        idx.push_back(coil.attributeIndex(std::string(1, c)));
    QByteArray csv;
    for (std::size_t k = 0; k < letters.size(); ++k)
        csv += (k ? "," : "") + (header.isEmpty() ? QByteArray(1, letters[k]) : header[int(k)].toUtf8());
    csv += '\n';
    for (std::size_t r = 0; r < coil.rowCount(); ++r) {
        for (std::size_t k = 0; k < idx.size(); ++k) {
            if (k)
                csv += ',';
            const auto& a = coil.attributes[static_cast<std::size_t>(idx[k])];
            csv += QByteArray::fromStdString(a.categories[static_cast<std::size_t>(a.codes[r])]);
        }
        csv += '\n';
    }
    return writeFile(dir, file, csv);
}

// The binary Warner matrix of retention p: [[p, 1-p], [1-p, p]].
inline double warner2(int u, int v, double p)
{
    return u == v ? p : 1.0 - p;
}

// N * lambda with lambda = (P_1 x ... x P_k) pi over COIL's `letters` (binary Warner p per letter), as
// "X,Y,...,n" rows, cells in row-major order (last letter fastest): what the data show on average after
// randomization, so pi-hat = P^-1 lambda equals the original pi exactly.
inline QString writeExpectedCoilCsv(const QTemporaryDir& dir, const QString& file, const std::string& letters,
                                    const std::vector<double>& p)
{
    const rr::Table coil = rr::testdata::coilBinarized();
    const rr::ContingencyTable t = rr::testdata::coilTable(coil, letters);
    const Eigen::VectorXd& n = t.counts();
    const int k = static_cast<int>(letters.size());
    const Eigen::Index cells = n.size();
    QByteArray csv;
    for (int a = 0; a < k; ++a)
        csv += QByteArray(1, letters[static_cast<std::size_t>(a)]) + ",";
    csv += "n\n";
    for (Eigen::Index u = 0; u < cells; ++u) {
        double m = 0;
        for (Eigen::Index v = 0; v < cells; ++v) {
            double w = 1;
            for (int a = 0; a < k; ++a) {
                const int bit = k - 1 - a; // first letter = most significant
                w *= warner2(int((u >> bit) & 1), int((v >> bit) & 1), p[static_cast<std::size_t>(a)]);
            }
            m += w * n[v];
        }
        for (int a = 0; a < k; ++a)
            csv += QByteArray::number(int((u >> (k - 1 - a)) & 1)) + ",";
        csv += QByteArray::number(m, 'g', 17) + "\n";
    }
    return writeFile(dir, file, csv);
}

// A Warner matrix for d categories written as a matrix file (17 significant digits, so it reads back
// exactly as DistortionMatrix::warner builds it); no header: rows and columns in the data's order.
inline QString writeWarnerMatrix(const QTemporaryDir& dir, const QString& file, int d, double p)
{
    const double q = (1.0 - p) / (d - 1);
    QByteArray text;
    for (int u = 0; u < d; ++u) {
        for (int v = 0; v < d; ++v)
            text += (v ? "," : "") + QByteArray::number(u == v ? p : q, 'g', 17);
        text += '\n';
    }
    return writeFile(dir, file, text);
}

} // namespace rr::testcli
