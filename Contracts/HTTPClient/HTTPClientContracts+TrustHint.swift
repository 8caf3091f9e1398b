import Networking

extension HTTPClientContracts {
    /// What a failed request to the check's valid HTTPS listener most likely means, when the
    /// failure is a certificate the client did not trust (an unknown issuer, a self-signed CA in
    /// the chain, or an unnamed verification failure): the client was not given the check's CA.
    /// Appended to the violations of `http.validChainWorks` and `http.httpsBodyIntact`; `nil`
    /// for any other outcome.
    static func untrustedCAHint(_ outcome: SendOutcome, _ subject: HTTPClientSubject) -> String? {
        guard case .failure(.secureConnectionFailed(let kind), _) = outcome,
            [.untrustedIssuer, .selfSigned, .unspecified].contains(kind)
        else { return nil }
        let how =
            "make the subject with HTTPClientSubject(name:open:): `open:` gets the CA's PEM in setup.trustedCertificatesPEM; "
            + "add it to what the client trusts (CurlHTTPClient.Configuration.trustedCertificates, "
            + "AsyncHTTPClient's TLSConfiguration.trustRoots = .certificates(…))"
        if subject.factoryGetsNoCA {
            return "the client did not trust the check's CA: this subject was made with HTTPClientSubject(name:makeClient:), "
                + "whose factory gets no CA; " + how
        }
        return "the client did not trust the check's CA (a certificate it issued failed verification): "
            + "was setup.trustedCertificatesPEM passed to the client? " + how
    }

    /// `outcome.observed(expecting:)`, with ``untrustedCAHint(_:_:)`` after it when it applies.
    static func observed(_ outcome: SendOutcome, expecting expected: String, _ subject: HTTPClientSubject) -> String {
        let observed = outcome.observed(expecting: expected)
        return untrustedCAHint(outcome, subject).map { observed + " — " + $0 } ?? observed
    }
}
