"""WireMock's own Python admin client (PyPI `wiremock`) against a server's /__admin API.

Usage: python admin_client_check.py http://127.0.0.1:PORT
Adds a stub, reads it back one by one and in the list, calls it, deletes it, resets the
mappings and the scenarios. Prints "ok" and exits 0, or names the step that failed and exits 1.
WireMockComparisonTests runs it against real WireMock and against mockserver.
"""
import sys
import urllib.error
import urllib.request

from wiremock.client import Mapping, MappingRequest, MappingResponse, Mappings, Scenarios
from wiremock.constants import Config


def call(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def main(base):
    Config.base_url = base + "/__admin"
    step = "create_mapping"
    try:
        created = Mappings.create_mapping(Mapping(
            priority=3,
            request=MappingRequest(method="GET", url="/client/hello"),
            response=MappingResponse(status=203, body="hello from the client", headers={"X-Client": "python"}),
            persistent=False,
        ))
        assert created.id, "the answer has an id"
        assert created.response.status == 203, created.response

        step = "retrieve_mapping"
        one = Mappings.retrieve_mapping(created.id)
        assert one.id == created.id and one.request.url == "/client/hello", one

        step = "retrieve_all_mappings"
        listing = Mappings.retrieve_all_mappings()
        assert any(m.id == created.id for m in listing.mappings), "listed"
        assert listing.meta.total == len(listing.mappings), listing.meta

        step = "the stub answers"
        status, body = call(base, "/client/hello")
        assert (status, body) == (203, "hello from the client"), (status, body)

        step = "delete_mapping"
        Mappings.delete_mapping(created.id)
        status, _ = call(base, "/client/hello")
        assert status == 404, status

        step = "reset_mappings"
        Mappings.create_mapping(Mapping(request=MappingRequest(method="GET", url="/client/temporary"),
                                        response=MappingResponse(status=200)))
        Mappings.reset_mappings()
        status, _ = call(base, "/client/temporary")
        assert status == 404, status

        step = "reset_all_scenarios"
        Scenarios.reset_all_scenarios()
    except Exception as error:  # noqa: BLE001 - any failure is the report
        print(f"failed at {step}: {type(error).__name__}: {error}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
