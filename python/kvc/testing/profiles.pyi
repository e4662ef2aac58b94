from typing import List

from . import EngineProfile as EngineProfile

def names() -> List[str]: ...
def by_name(name: str) -> EngineProfile: ...

# The profiles of kvc::profiles (names() lists them all; these are the ones at the time of
# writing).
contract: EngineProfile
llama_cpp_server: EngineProfile
vllm: EngineProfile
transformers_packing: EngineProfile
consistent_scheduler: EngineProfile
conservative_reuse: EngineProfile
